import { Button, Group, Modal, Select, Stack, Switch, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { cashAccountFormSchema, kindNeedsStore, type CashAccountFormValues } from "@tumble/domain/cashForms";
import { CASH_ACCOUNT_KINDS } from "@tumble/domain/cashLedger";
import { api } from "../../../lib/api";
import { useMutation, useQuery } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSubmissionKeys } from "../../../lib/submissionKey";
import { MoneyInput } from "../../../ui/form/MoneyInput";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { accountName } from "./accountName";
import { errorText } from "./messages";
import type { CashAccount } from "./types";

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The store a new account starts in (the selected one). */
  storeId: string;
  /** The account to rename; without it the form adds one. */
  account?: CashAccount;
  onCreated?: (accountId: string) => void;
}

/** Adds a cash account (name, kind, store) or renames one. */
export function AccountFormModal({ opened, onClose, storeId, account, onCreated }: Props) {
  const { t } = useTranslation("cash");
  const create = useMutation(api.cashAccounts.create);
  const update = useMutation(api.cashAccounts.update);
  const stores = useQuery(api.stores.listAll, opened && !account ? {} : "skip");
  const keys = useSubmissionKeys();
  const [busy, setBusy] = useState(false);
  const role = useQuery(api.auth.getUserCompanyRole, opened && account ? {} : "skip");
  const [allowNegative, setAllowNegative] = useState(account?.allowNegative ?? false);
  const initial: CashAccountFormValues = {
    name: account ? accountName(t, account) : "",
    kind: "other",
    storeId: account ? (account.storeId ?? "") : storeId,
    openingBalanceCents: null,
  };
  const form = useSchemaForm(cashAccountFormSchema, { initialValues: initial });
  const kind = form.getValues().kind;

  const close = () => {
    form.setValues(initial);
    form.clearErrors();
    setAllowNegative(account?.allowNegative ?? false);
    onClose();
  };

  const save = async (v: z.output<typeof cashAccountFormSchema>) => {
    setBusy(true);
    try {
      if (account) {
        // A default name is shown translated: left as shown, the stored one is kept (so it stays translated).
        const name = v.name === accountName(t, account) ? account.name : v.name;
        await update({ accountId: account._id, name, ...(allowNegative !== account.allowNegative ? { allowNegative } : {}) });
        notifySuccess(t("accountForm.renamed"));
      } else {
        const args = {
          name: v.name,
          kind: v.kind,
          ...(v.storeId ? { storeId: v.storeId } : {}),
          ...(v.openingBalanceCents ? { openingBalanceCents: v.openingBalanceCents } : {}),
        };
        const created = await keys.run(args, (idempotencyKey) => create({ ...args, idempotencyKey }));
        notifySuccess(t("accountForm.created"));
        onCreated?.(created.accountId);
      }
      close();
    } catch (error) {
      notifyError(errorText(error, t("actions.failed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={account ? t("accountForm.renameTitle") : t("accountForm.title")}>
      <form onSubmit={form.submit(save)} noValidate data-testid="account-form">
        <Stack gap="sm">
          <TextInput label={t("accountForm.name")} withAsterisk maxLength={100} size="md" data-autofocus {...form.getInputProps("name")} />
          {account && account.kind !== "bank" && role?.permissions.isAdmin ? (
            <Switch
              label={t("accountForm.allowNegative")}
              description={t("accountForm.allowNegativeHelp")}
              checked={allowNegative}
              onChange={(e) => setAllowNegative(e.currentTarget.checked)}
              data-testid="account-allow-negative"
            />
          ) : null}
          {account ? null : (
            <>
              <Select
                label={t("accountForm.kind")}
                data={CASH_ACCOUNT_KINDS.map((k) => ({ value: k, label: t(`accountKinds.${k}`) }))}
                allowDeselect={false}
                size="md"
                data-testid="account-kind"
                {...form.getInputProps("kind")}
              />
              <Select
                label={t("accountForm.store")}
                data={[
                  ...(kindNeedsStore(kind) ? [] : [{ value: "", label: t("accounts.company") }]),
                  ...(stores ?? []).map((s) => ({ value: s._id, label: s.name })),
                ]}
                withAsterisk={kindNeedsStore(kind)}
                allowDeselect={false}
                size="md"
                {...form.getInputProps("storeId")}
              />
              <MoneyInput
                label={t("accountForm.openingBalance")}
                description={t("accountForm.openingBalanceHelp")}
                size="md"
                data-testid="account-opening-balance"
                {...form.getInputProps("openingBalanceCents")}
              />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} size="md">
              {t("actions.close")}
            </Button>
            <Button type="submit" loading={busy} size="md" data-testid="account-submit">
              {t("form.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
