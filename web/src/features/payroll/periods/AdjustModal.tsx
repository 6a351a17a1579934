import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TextInput, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ADJUSTMENT_KINDS, PAYROLL_REASON_MAX, type AdjustmentKind } from "@tumble/domain/payroll";
import { adjustmentFormSchema, EMPTY_ADJUSTMENT, kindCanCover, type AdjustmentFormOutput } from "@tumble/domain/payrollForms";
import { useSubmissionKeys } from "../../../lib/submissionKey";
import { errorText } from "../../../lib/errorText";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifySuccess } from "../../../lib/notify";
import { MoneyInput } from "../../../ui/form/MoneyInput";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { money } from "../parts/format";
import { FormError } from "../../../ui/form/FormError";

export interface AdjustTarget {
  periodId: string;
  employeeId: string;
  name: string;
}

/** A bonus, commission, reimbursement or deduction on one employee's line, with its reason (audited). */
export function AdjustModal({ target, onClose }: { target: AdjustTarget | null; onClose: () => void }) {
  const { t } = useTranslation("payroll");
  const adjustMutation = useMutation(api.payroll.adjust);
  // One idempotency key per submission: a retry after a lost answer adds the adjustment once (decision 0054).
  const keys = useSubmissionKeys();
  const form = useSchemaForm(adjustmentFormSchema, { initialValues: EMPTY_ADJUSTMENT });
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const values = form.getValues();
  // A bonus or commission earned over earlier workweeks too (29 CFR 778.209): the weeks it covers.
  const canCover = kindCanCover(values.kind);
  const close = () => {
    form.reset();
    setFailure(null);
    onClose();
  };
  const save = (adjustment: AdjustmentFormOutput) => {
    if (!target) return;
    setFailure(null);
    setSaving(true);
    const args = { periodId: target.periodId, employeeId: target.employeeId, ...adjustment };
    keys
      .run(args, (idempotencyKey) => adjustMutation({ ...args, idempotencyKey }))
      .then(() => {
        notifySuccess(t("adjust.saved", { kind: t(`adjustmentKinds.${adjustment.kind}`), amount: money(adjustment.amountCents), name: target.name }));
        close();
      })
      .catch((e: unknown) => setFailure(errorText(e, t("actionFailed"))))
      .finally(() => setSaving(false));
  };
  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={target ? t("adjust.title", { name: target.name }) : ""}
      centered
      closeButtonProps={{ "aria-label": t("close") }}
    >
      <form onSubmit={form.submit(save)} noValidate>
        <Stack gap="sm" data-testid="adjust-dialog">
          <Select
            label={t("adjust.kind")}
            withAsterisk
            data={ADJUSTMENT_KINDS.map((k) => ({ value: k, label: t(`adjustmentKinds.${k}`) }))}
            {...form.getInputProps("kind")}
            onChange={(v) => form.setFieldValue("kind", (v as AdjustmentKind | null) ?? null)}
            description={values.kind ? t(`adjustmentHints.${values.kind}`) : undefined}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <MoneyInput label={t("adjust.amount")} withAsterisk {...form.getInputProps("amountCents")} />
          {canCover ? (
            <Stack gap={6}>
              <Checkbox
                label={t("adjust.overWeeks")}
                description={t("adjust.overWeeksHint")}
                {...form.getInputProps("overWeeks", { type: "checkbox" })}
                data-testid="adjust-over-weeks"
              />
              {values.overWeeks ? (
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  <TextInput type="date" label={t("adjust.coversFrom")} withAsterisk {...form.getInputProps("coversFrom")} />
                  <TextInput type="date" label={t("adjust.coversTo")} withAsterisk {...form.getInputProps("coversTo")} />
                </SimpleGrid>
              ) : null}
            </Stack>
          ) : null}
          <Textarea label={t("adjust.reason")} withAsterisk maxLength={PAYROLL_REASON_MAX} autosize minRows={2} {...form.getInputProps("reason")} />
          <FormError>{failure}</FormError>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={saving}>
              {t("adjust.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
