import { Button, Group } from "@mantine/core";
import { IconArchive, IconPencil, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSubmissionKeys } from "../../../lib/submissionKey";
import { openConfirm } from "../../../ui/confirm";
import { AccountFormModal } from "./AccountFormModal";
import { accountName } from "./accountName";
import { errorText } from "./messages";
import type { CashAccount } from "./types";

interface Props {
  storeId: string;
  /** The account open on the screen: the one renamed or archived. */
  account: CashAccount | undefined;
  onCreated: (accountId: string) => void;
}

/** A manager's account upkeep: add an account, rename or archive the open one. */
export function AccountActions({ storeId, account, onCreated }: Props) {
  const { t } = useTranslation("cash");
  const archive = useMutation(api.cashAccounts.archive);
  const keys = useSubmissionKeys();
  const [form, setForm] = useState<"create" | "rename" | null>(null);

  const confirmArchive = (a: CashAccount) =>
    openConfirm({
      title: t("accountForm.archiveTitle"),
      message: t("accountForm.archiveMessage", { account: accountName(t, a) }),
      confirmLabel: t("accountForm.archive"),
      cancelLabel: t("actions.close"),
      destructive: true,
      confirmTestId: "account-archive-confirm",
      onConfirm: () => {
        const args = { accountId: a._id };
        keys
          .run(args, (idempotencyKey) => archive({ ...args, idempotencyKey }))
          .then(() => notifySuccess(t("accountForm.archived")))
          .catch((error: unknown) => notifyError(errorText(error, t("actions.failed"))));
      },
    });

  return (
    <Group gap="xs">
      <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setForm("create")} data-testid="account-add">
        {t("accountForm.add")}
      </Button>
      {account ? (
        <>
          <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setForm("rename")} data-testid="account-rename">
            {t("accountForm.rename")}
          </Button>
          <Button
            variant="default"
            color="red"
            leftSection={<IconArchive size={16} aria-hidden />}
            onClick={() => confirmArchive(account)}
            data-testid="account-archive"
          >
            {t("accountForm.archive")}
          </Button>
        </>
      ) : null}
      <AccountFormModal opened={form === "create"} onClose={() => setForm(null)} storeId={storeId} onCreated={onCreated} />
      {account ? <AccountFormModal key={account._id} opened={form === "rename"} onClose={() => setForm(null)} storeId={storeId} account={account} /> : null}
    </Group>
  );
}
