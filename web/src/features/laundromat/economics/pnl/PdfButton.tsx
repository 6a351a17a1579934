import { Button } from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { runQuery } from "../../../../lib/client";
import { saveFile } from "../../../../lib/download";
import { errorText } from "../../../../lib/errorText";
import { notifyError } from "../../../../lib/notify";
import { economicsApi } from "./api";

/** The store's month on one page (economicsReports:pnlPdf), for a lender or a buyer. */
export function PdfButton({ storeId, month }: { storeId: string; month: string }) {
  const { t } = useTranslation("economics");
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    runQuery(economicsApi.pnlPdf, { storeId, month })
      .then(saveFile)
      .catch((e: unknown) => notifyError(errorText(e, t("pnl.pdfFailed"))))
      .finally(() => setBusy(false));
  };
  return (
    <Button size="xs" variant="light" leftSection={<IconFileTypePdf size={16} aria-hidden />} loading={busy} onClick={download} data-testid="pnl-pdf">
      {t("pnl.pdf")}
    </Button>
  );
}
