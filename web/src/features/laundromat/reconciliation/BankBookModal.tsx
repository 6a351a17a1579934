import { Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EXPENSE_CATEGORIES, type ExpenseCategory } from "@tumble/domain/cashLedger";
import { formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifySuccess } from "../../../lib/notify";
import { useSubmissionKeys } from "../../../lib/submissionKey";
import { FormError } from "../../../ui/form/FormError";
import { formatDisplayDate } from "../collections/format";
import { errorText } from "../cash/messages";
import type { BankLine } from "./BankTypes";

/** Books a line nobody deposited from the statement: a fee to an expense category, interest to other income. */
export function BankBookModal({ line, onClose }: { line: BankLine | null; onClose: () => void }) {
  const { t } = useTranslation(["bank", "cash"]);
  const book = useMutation(api.bankLines.book);
  const keys = useSubmissionKeys();
  const [category, setCategory] = useState<ExpenseCategory>("fees");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const debit = (line?.amountCents ?? 0) < 0;
  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };
  const save = async () => {
    if (!line) return;
    const args = { bankLineId: line._id, ...(debit ? { category } : {}) };
    setBusy(true);
    setError(null);
    try {
      const result = await keys.run(args, (idempotencyKey) => book({ ...args, idempotencyKey }));
      notifySuccess(result.status === "pending" ? t("book.donePending") : t("book.done"));
      onClose();
    } catch (e) {
      setError(errorText(e, t("book.failed")));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={line !== null} onClose={close} title={debit ? t("book.titleDebit") : t("book.titleCredit")} centered>
      {line ? (
        <Stack gap="sm">
          <Text size="sm" data-testid="book-line">
            {t("book.line", { date: formatDisplayDate(line.date), description: line.description, amount: formatUSD(line.amountCents) })}
          </Text>
          {debit ? (
            <Select
              label={t("book.category")}
              data={EXPENSE_CATEGORIES.map((c) => ({ value: c, label: t(`cash:categories.${c}`) }))}
              value={category}
              onChange={(v) => v && setCategory(v as ExpenseCategory)}
              allowDeselect={false}
              size="md"
              data-testid="book-category"
            />
          ) : (
            <Text size="sm">{t("book.toIncome")}</Text>
          )}
          <Text size="xs" c="dimmed">
            {t("book.hint")}
          </Text>
          <FormError>{error}</FormError>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t("cancel")}
            </Button>
            <Button loading={busy} onClick={() => void save()} data-testid="book-confirm">
              {t("book.confirm")}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
