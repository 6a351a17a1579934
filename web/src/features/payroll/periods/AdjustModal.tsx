import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TextInput, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSubmissionKeys } from "../../../lib/submissionKey";
import { errorText } from "../../../lib/errorText";
import { ADJUSTMENT_KINDS, MAX_ADJUSTMENT_CENTS, PAYROLL_REASON_MAX, REGULAR_RATE_KINDS, type AdjustmentKind } from "@tumble/domain/payroll";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifySuccess } from "../../../lib/notify";
import { MoneyInput } from "../../../ui/form/MoneyInput";
import { money } from "../parts/format";
import { FormError } from "../../../ui/form/FormError";

export interface AdjustTarget {
  periodId: string;
  employeeId: string;
  name: string;
}

type Errors = Partial<Record<"kind" | "amount" | "reason" | "covers" | "form", string>>;

/** A bonus, commission, reimbursement or deduction on one employee's line, with its reason (audited). */
export function AdjustModal({ target, onClose }: { target: AdjustTarget | null; onClose: () => void }) {
  const { t } = useTranslation("payroll");
  const adjustMutation = useMutation(api.payroll.adjust);
  // One idempotency key per submission: a retry after a lost answer adds the adjustment once (decision 0054).
  const keys = useSubmissionKeys();
  const adjust = (args: {
    periodId: string;
    employeeId: string;
    kind: AdjustmentKind;
    amountCents: number;
    reason: string;
    coversFrom?: string;
    coversTo?: string;
  }) => keys.run(args, (idempotencyKey) => adjustMutation({ ...args, idempotencyKey }));
  const [kind, setKind] = useState<AdjustmentKind | null>(null);
  const [amount, setAmount] = useState<number | null>(null);
  const [reason, setReason] = useState("");
  // A bonus or commission earned over earlier workweeks too (29 CFR 778.209): the weeks it covers.
  const [overWeeks, setOverWeeks] = useState(false);
  const [coversFrom, setCoversFrom] = useState("");
  const [coversTo, setCoversTo] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const canCover = kind !== null && REGULAR_RATE_KINDS.includes(kind);
  const [saving, setSaving] = useState(false);
  const close = () => {
    setKind(null);
    setAmount(null);
    setReason("");
    setOverWeeks(false);
    setCoversFrom("");
    setCoversTo("");
    setErrors({});
    onClose();
  };
  const submit = () => {
    if (!target) return;
    const found: Errors = {};
    if (!kind) found.kind = t("adjust.kindNeeded");
    if (amount === null || amount <= 0) found.amount = t("adjust.amountNeeded");
    else if (amount > MAX_ADJUSTMENT_CENTS) found.amount = t("adjust.amountTooLarge");
    if (!reason.trim()) found.reason = t("reasonNeeded");
    const covered = canCover && overWeeks;
    if (covered && (!coversFrom || !coversTo)) found.covers = t("adjust.coversNeeded");
    else if (covered && coversFrom > coversTo) found.covers = t("adjust.coversOrder");
    setErrors(found);
    if (Object.keys(found).length > 0 || !kind || amount === null) return;
    setSaving(true);
    adjust({
      periodId: target.periodId,
      employeeId: target.employeeId,
      kind,
      amountCents: amount,
      reason: reason.trim(),
      ...(covered ? { coversFrom, coversTo } : {}),
    })
      .then(() => {
        notifySuccess(t("adjust.saved", { kind: t(`adjustmentKinds.${kind}`), amount: money(amount), name: target.name }));
        close();
      })
      .catch((e: unknown) => setErrors({ form: errorText(e, t("actionFailed")) }))
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
      <Stack gap="sm" data-testid="adjust-dialog">
        <Select
          label={t("adjust.kind")}
          required
          data={ADJUSTMENT_KINDS.map((k) => ({ value: k, label: t(`adjustmentKinds.${k}`) }))}
          value={kind}
          onChange={(v) => setKind((v as AdjustmentKind | null) ?? null)}
          error={errors.kind}
          description={kind ? t(`adjustmentHints.${kind}`) : undefined}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <MoneyInput label={t("adjust.amount")} required value={amount} onChange={setAmount} error={errors.amount} />
        {canCover ? (
          <Stack gap={6}>
            <Checkbox
              label={t("adjust.overWeeks")}
              description={t("adjust.overWeeksHint")}
              checked={overWeeks}
              onChange={(e) => setOverWeeks(e.currentTarget.checked)}
              data-testid="adjust-over-weeks"
            />
            {overWeeks ? (
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput type="date" label={t("adjust.coversFrom")} value={coversFrom} onChange={(e) => setCoversFrom(e.currentTarget.value)} required />
                <TextInput
                  type="date"
                  label={t("adjust.coversTo")}
                  value={coversTo}
                  onChange={(e) => setCoversTo(e.currentTarget.value)}
                  required
                  error={errors.covers}
                />
              </SimpleGrid>
            ) : null}
          </Stack>
        ) : null}
        <Textarea
          label={t("adjust.reason")}
          required
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={PAYROLL_REASON_MAX}
          autosize
          minRows={2}
          error={errors.reason}
        />
        <FormError>{errors.form}</FormError>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t("cancel")}
          </Button>
          <Button onClick={submit} loading={saving}>
            {t("adjust.save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
