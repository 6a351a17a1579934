import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { DEFAULT_TIME_ZONE, todayIn } from "@tumble/domain/businessDate";
import { businessDateBounds, cashTransactionFormSchema, transactionArgs, type CashTransactionFormValues } from "@tumble/domain/cashForms";
import { EXPENSE_CATEGORIES, REQUESTABLE_KINDS, type RequestableKind } from "@tumble/domain/cashLedger";
import { api } from "../../../lib/api";
import { useMutation, useQuery } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSubmissionKeys } from "../../../lib/submissionKey";
import { MoneyInput } from "../../../ui/form/MoneyInput";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { accountName } from "./accountName";
import { closedPeriodOf, errorText } from "./messages";
import type { CashAccount } from "./types";

interface Props {
  opened: boolean;
  onClose: () => void;
  accounts: readonly CashAccount[];
  storeId: string | undefined;
  isAdmin: boolean;
  /** The account the form starts from (the one open on the screen). */
  accountId?: string;
}

/** The account a kind takes money from by default: the store's petty cash for expenses, else its safe. */
function defaultSource(kind: RequestableKind, accounts: readonly CashAccount[], storeId: string | undefined): string {
  const want = kind === "expense" ? "petty_cash" : "safe";
  return accounts.find((a) => a.kind === want && a.storeId === storeId)?._id ?? accounts.find((a) => a.storeId === storeId)?._id ?? "";
}

function initialValues(kind: RequestableKind, accounts: readonly CashAccount[], storeId: string | undefined, accountId?: string): CashTransactionFormValues {
  const changeFund = accounts.find((a) => a.kind === "change_fund" && a.storeId === storeId)?._id ?? "";
  return {
    kind,
    amountCents: null as unknown as number,
    fromAccountId: accountId ?? defaultSource(kind, accounts, storeId),
    toAccountId: kind === "change_fund_replenishment" ? changeFund : "",
    direction: "in",
    description: "",
    category: "",
    payee: "",
    bagNumber: "",
    slipNumber: "",
    businessDate: "",
  };
}

/** A new cash transaction of any kind a person enters: one form, its fields by kind. */
export function TransactionFormModal({ opened, onClose, accounts, storeId, isAdmin, accountId }: Props) {
  const { t } = useTranslation("cash");
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  const create = useMutation(api.cashTransactions.create);
  const stores = useQuery(api.stores.listAll, opened ? {} : "skip");
  const today = todayIn(stores?.find((s) => s._id === storeId)?.timeZone ?? DEFAULT_TIME_ZONE);
  const dates = businessDateBounds(today);
  const keys = useSubmissionKeys();
  const [busy, setBusy] = useState(false);
  const form = useSchemaForm(cashTransactionFormSchema, { initialValues: initialValues("withdrawal", accounts, storeId, accountId) });
  const values = form.getValues();
  const kind = values.kind;
  const kinds = REQUESTABLE_KINDS.filter((k) => k !== "adjustment" || isAdmin);
  const accountOptions = (filter: (a: CashAccount) => boolean = () => true) =>
    accounts.filter(filter).map((a) => ({ value: a._id, label: a.storeName ? `${accountName(t, a)} · ${a.storeName}` : accountName(t, a) }));

  const changeKind = (next: RequestableKind) => {
    const fresh = initialValues(next, accounts, storeId, accountId);
    form.setValues({ ...fresh, amountCents: values.amountCents, description: values.description, businessDate: values.businessDate });
    form.clearErrors();
  };

  const save = async (v: z.output<typeof cashTransactionFormSchema>) => {
    if (v.businessDate && (v.businessDate > dates.max || v.businessDate < dates.min)) {
      form.setFieldError("businessDate", t(v.businessDate > dates.max ? "form.dateFuture" : "form.dateTooOld"));
      return;
    }
    const args = transactionArgs(v, storeId);
    setBusy(true);
    try {
      const result = await keys.run(args, (idempotencyKey) => create({ ...args, idempotencyKey }));
      notifySuccess(result.status === "pending" ? t("form.sentForApproval") : t("form.posted"));
      form.setValues(initialValues(v.kind, accounts, storeId, accountId));
      onClose();
    } catch (error) {
      // A date in a closed period is the date field's fault: say so under it, naming the period.
      const closed = closedPeriodOf(error);
      if (closed) form.setFieldError("businessDate", t("form.closedPeriod", closed));
      else notifyError(errorText(error, t("form.failed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("form.title")} size="lg" fullScreen={isPhone}>
      <form onSubmit={form.submit(save)} noValidate data-testid="transaction-form">
        <Stack gap="sm">
          <Select
            label={t("form.kind")}
            data={kinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            value={kind}
            onChange={(k) => k && changeKind(k as RequestableKind)}
            allowDeselect={false}
            size="md"
            data-testid="transaction-kind"
          />
          <Text size="sm" c="dimmed">
            {t(`form.help.${kind}`)}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={kind === "adjustment" ? t("form.account") : t("form.from")}
              data={accountOptions()}
              withAsterisk
              allowDeselect={false}
              size="md"
              {...form.getInputProps("fromAccountId")}
            />
            {kind === "transfer" || kind === "change_fund_replenishment" ? (
              <Select
                label={t("form.to")}
                data={accountOptions((a) => (kind === "change_fund_replenishment" ? a.kind === "change_fund" : true))}
                withAsterisk
                allowDeselect={false}
                size="md"
                {...form.getInputProps("toAccountId")}
              />
            ) : null}
            {kind === "adjustment" ? (
              <Select
                label={t("form.direction")}
                data={[
                  { value: "in", label: t("form.directionIn") },
                  { value: "out", label: t("form.directionOut") },
                ]}
                allowDeselect={false}
                size="md"
                {...form.getInputProps("direction")}
              />
            ) : null}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <MoneyInput label={t("form.amount")} withAsterisk size="md" {...form.getInputProps("amountCents")} />
            <TextInput
              type="date"
              label={t("form.businessDate")}
              min={dates.min}
              max={dates.max}
              size="md"
              data-testid="transaction-date"
              {...form.getInputProps("businessDate")}
              value={values.businessDate || today}
              onChange={(e) => form.setFieldValue("businessDate", e.currentTarget.value === today ? "" : e.currentTarget.value)}
            />
          </SimpleGrid>
          {kind === "deposit" ? (
            <SimpleGrid cols={2} spacing="sm">
              <TextInput label={t("form.bagNumber")} maxLength={64} size="md" {...form.getInputProps("bagNumber")} />
              <TextInput label={t("form.slipNumber")} maxLength={64} size="md" {...form.getInputProps("slipNumber")} />
            </SimpleGrid>
          ) : null}
          {kind === "expense" ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label={t("form.category")}
                data={EXPENSE_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
                withAsterisk
                size="md"
                {...form.getInputProps("category")}
              />
              <TextInput label={t("form.payee")} withAsterisk maxLength={200} size="md" {...form.getInputProps("payee")} />
            </SimpleGrid>
          ) : null}
          <Textarea
            label={kind === "adjustment" ? t("form.reason") : t("form.description")}
            withAsterisk
            maxLength={500}
            autosize
            minRows={2}
            size="md"
            {...form.getInputProps("description")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} size="md">
              {t("actions.close")}
            </Button>
            <Button type="submit" loading={busy} size="md" data-testid="transaction-submit">
              {kind === "withdrawal" ? t("form.request") : t("form.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
