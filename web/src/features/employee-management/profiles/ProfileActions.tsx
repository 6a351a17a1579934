import { Alert, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { refusalCode } from "@tumble/domain/refusals";
import { EMPLOYEE_MESSAGES, rateChange, resetPinSchema, setRateSchema, type PayType, type SetRateInput } from "@tumble/domain/employees";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { PinInput } from "../../../ui/auth/PinInput";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { useField } from "./fields";
import { PayTypeControl } from "./PayTypeControl";
import { RateFields } from "./RateFields";
import { errorText, ruleText } from "./messages";
import type { EmployeeJobEntry, EmployeeProfile } from "./types";

/**
 * A new rate from a date: today or later (the history is kept; a future rate on that date is
 * replaced), for the profile's own job or, given `job`, for that further job.
 */
export function RateModal({ profile, job, onClose }: { profile: EmployeeProfile; job?: EmployeeJobEntry; onClose: () => void }) {
  const { t } = useTranslation("employees");
  const setRate = useMutation(api.employees.setRate);
  const [busy, setBusy] = useState(false);
  const history = job ? job.rates : profile.rates;
  const initial: SetRateInput = {
    employeeId: profile._id,
    jobId: job?._id ?? null,
    rateCents: null as unknown as number,
    effectiveFrom: profile.today,
    payType: ((job ? job.currentRate?.payType : profile.currentRate?.payType) ?? profile.payType) as PayType,
    reason: "",
  };
  const form = useSchemaForm(setRateSchema, { initialValues: initial });
  const field = useField(form);
  const values = form.getValues();

  const save = async () => {
    // The same rule the server applies, said under the date field before the call.
    const change = rateChange(history, values.effectiveFrom, profile.today);
    if (!change.ok) {
      form.setFieldError("effectiveFrom", change.message);
      return;
    }
    setBusy(true);
    try {
      const result = await setRate({ ...values, reason: values.reason?.trim() || undefined });
      notifySuccess(result.replaced ? t("rate.replaced") : t("rate.saved"));
      onClose();
    } catch (error) {
      const message = errorText(t, error, t("form.failed"));
      const code = refusalCode(error);
      if (code === "employees.rateBeforeToday" || code === "employees.rateDateTaken") form.setFieldError("effectiveFrom", message);
      else notifyError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={job ? t("jobs.rateTitle", { name: profile.name, job: job.title }) : t("rate.title", { name: profile.name })}
      size="md"
      closeButtonProps={{ "aria-label": t("form.cancel") }}
    >
      <form onSubmit={form.submit(save)} noValidate data-testid="rate-form">
        <Stack gap="sm">
          <Alert variant="light" icon={<IconInfoCircle aria-hidden />} p="xs">
            <Text size="sm">{t("rate.help")}</Text>
          </Alert>
          <PayTypeControl id="rate-pay-type-label" testId="rate-pay-type" inputProps={field("payType")} />
          <RateFields
            field={field}
            payType={values.payType ?? "hourly"}
            minDate={history.length ? profile.today : undefined}
            testIds={{ rate: "rate-amount", date: "rate-effective-from" }}
            autoFocus
          />
          <TextInput
            label={t("rate.reason")}
            placeholder={t("rate.reasonPlaceholder")}
            maxLength={200}
            size="md"
            data-testid="rate-reason"
            {...field("reason")}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} size="md">
              {t("form.cancel")}
            </Button>
            <Button type="submit" loading={busy} size="md" data-testid="rate-submit">
              {t("rate.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A manager sets a new kiosk PIN; it is never shown again. */
export function PinModal({ profile, onClose }: { profile: EmployeeProfile; onClose: () => void }) {
  const { t } = useTranslation("employees");
  const resetPin = useMutation(api.employees.resetPin);
  const [busy, setBusy] = useState(false);
  const form = useSchemaForm(resetPinSchema, { initialValues: { employeeId: profile._id, pin: "" } });

  const save = async () => {
    setBusy(true);
    try {
      await resetPin(form.getValues());
      notifySuccess(t("pin.saved"));
      onClose();
    } catch (error) {
      notifyError(errorText(t, error, t("form.failed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t("pin.title", { name: profile.name })} size="sm" closeButtonProps={{ "aria-label": t("form.cancel") }}>
      <form onSubmit={form.submit(save)} noValidate data-testid="pin-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("pin.help")}
          </Text>
          <PinInput
            label={t("pin.newPin")}
            description={t("form.pinHelp")}
            required
            data-testid="pin-input"
            value={form.getValues().pin}
            onChange={(pin) => form.setFieldValue("pin", pin)}
            error={ruleText(t, form.errors.pin as string | undefined) ?? null}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} size="md">
              {t("form.cancel")}
            </Button>
            <Button type="submit" loading={busy} size="md" data-testid="pin-submit">
              {t("pin.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Termination asks for the last day of work, then saves the profile with status terminated. */
export function TerminateModal({ profile, onClose }: { profile: EmployeeProfile; onClose: () => void }) {
  const { t } = useTranslation("employees");
  const update = useMutation(api.employees.update);
  const [endDate, setEndDate] = useState(profile.today);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!endDate) {
      setError(ruleText(t, EMPLOYEE_MESSAGES.endDateRequired.en));
      return;
    }
    setBusy(true);
    try {
      await update({
        employeeId: profile._id,
        name: profile.name,
        email: profile.email ?? "",
        phone: profile.phone ?? "",
        position: profile.position ?? "",
        hireDate: profile.hireDate ?? "",
        storeIds: profile.stores.map((s) => s._id),
        status: "terminated",
        endDate,
        username: profile.username,
      });
      notifySuccess(t("terminate.done", { name: profile.name }));
      onClose();
    } catch (e) {
      setError(errorText(t, e, t("form.failed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t("terminate.title", { name: profile.name })} size="sm" closeButtonProps={{ "aria-label": t("form.cancel") }}>
      <Stack gap="sm" data-testid="terminate-form">
        <Text size="sm">{t("terminate.message")}</Text>
        <TextInput
          label={t("terminate.endDate")}
          type="date"
          withAsterisk
          min={profile.hireDate ?? undefined}
          value={endDate}
          onChange={(event) => {
            setEndDate(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          size="md"
          data-testid="terminate-end-date"
          data-autofocus
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} size="md">
            {t("form.cancel")}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={busy} size="md" data-testid="terminate-confirm">
            {t("terminate.confirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
