import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from "@mantine/core";
import { TimeInput } from "@mantine/dates";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { businessDateOf } from "@tumble/domain/businessDate";
import { timeOfDayIn } from "@tumble/domain/requests";
import { correctEntryFormSchema, MAX_FORM_BREAK_MINUTES, shiftInstants, TIME_ENTRY_REASON_MAX } from "@tumble/domain/timeEntryForms";
import type { z } from "zod";
import { errorText } from "../../../lib/errorText";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifySuccess } from "../../../lib/notify";
import { useSubmissionKeys } from "../../../lib/submissionKey";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import type { QueueEntry } from "./VerificationQueue";
import { span } from "./format";
import { FormError } from "../../../ui/form/FormError";

/** A correction: new times with a reason, kept beside the raw punches. */
export function CorrectModal({ entry, timeZone, onClose }: { entry: QueueEntry | null; timeZone: string; onClose: () => void }) {
  if (!entry) return null;
  return <CorrectForm key={entry._id} entry={entry} timeZone={timeZone} onClose={onClose} />;
}

function CorrectForm({ entry, timeZone, onClose }: { entry: QueueEntry; timeZone: string; onClose: () => void }) {
  const { t } = useTranslation("timeEntries");
  const correct = useMutation(api.timeEntries.correct);
  const keys = useSubmissionKeys();
  const form = useSchemaForm(correctEntryFormSchema, {
    initialValues: {
      clockIn: timeOfDayIn(entry.effective.clockInAt, timeZone),
      clockOut: entry.effective.clockOutAt === null ? "" : timeOfDayIn(entry.effective.clockOutAt, timeZone),
      breakMinutes: entry.effective.breakMinutes,
      reason: "",
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const values = form.getValues();

  const date = businessDateOf(entry.effective.clockInAt, timeZone);
  const save = (fields: z.output<typeof correctEntryFormSchema>) => {
    setFailure(null);
    // A clock-out earlier in the day than the clock-in is the next morning.
    const args = { entryId: entry._id, ...shiftInstants(date, fields.clockIn, fields.clockOut, timeZone), breaks: fields.breakMinutes, reason: fields.reason };
    setSaving(true);
    keys
      .run(args, (idempotencyKey) => correct({ ...args, idempotencyKey }))
      .then((result) => {
        // A shift the corrector added by hand waits for another manager's approval.
        notifySuccess(t(result.approved ? "corrected" : "correctedPending", { name: entry.employeeName }));
        onClose();
      })
      .catch((e: unknown) => setFailure(errorText(e, t("correctFailed"))))
      .finally(() => setSaving(false));
  };
  return (
    <Modal opened onClose={onClose} title={t("correctTitle", { name: entry.employeeName })} closeButtonProps={{ "aria-label": t("close") }}>
      <form onSubmit={form.submit(save)} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {entry.manual
              ? t("rawTimesManual", { times: span(entry.raw.clockInAt, entry.raw.clockOutAt, timeZone) })
              : t("rawTimes", { times: span(entry.raw.clockInAt, entry.raw.clockOutAt, timeZone) })}
          </Text>
          <Group grow align="flex-start">
            <TimeInput label={t("clockIn")} withAsterisk {...form.getInputProps("clockIn")} />
            <TimeInput label={t("clockOut")} withAsterisk {...form.getInputProps("clockOut")} />
          </Group>
          <NumberInput label={t("breakMinutes")} min={0} max={MAX_FORM_BREAK_MINUTES} allowDecimal={false} {...form.getInputProps("breakMinutes")} />
          <Textarea
            label={t("reason")}
            withAsterisk
            maxLength={TIME_ENTRY_REASON_MAX}
            autosize
            minRows={2}
            {...form.getInputProps("reason")}
            // Announced when the save is refused for it, as the dialog's other refusals are.
            errorProps={{ role: "alert" }}
          />
          <FormError>{failure}</FormError>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={saving} disabled={!values.clockIn || !values.clockOut}>
              {t("saveCorrection")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
