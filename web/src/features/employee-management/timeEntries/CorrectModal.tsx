import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from "@mantine/core";
import { TimeInput } from "@mantine/dates";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { addDays } from "@tumble/domain/datePresets";
import { businessDateOf } from "@tumble/domain/businessDate";
import { errorText } from "../../../lib/errorText";
import { instantAt, timeOfDayIn } from "@tumble/domain/requests";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifySuccess } from "../../../lib/notify";
import { useSubmissionKeys } from "../../../lib/submissionKey";
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
  const [clockIn, setClockIn] = useState(() => timeOfDayIn(entry.effective.clockInAt, timeZone));
  const [clockOut, setClockOut] = useState(() => (entry.effective.clockOutAt === null ? "" : timeOfDayIn(entry.effective.clockOutAt, timeZone)));
  const [breakMinutes, setBreakMinutes] = useState<number | string>(entry.effective.breakMinutes);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const date = businessDateOf(entry.effective.clockInAt, timeZone);
  const submit = () => {
    setError(null);
    if (!reason.trim()) return setError(t("reasonNeeded"));
    const inAt = instantAt(date, clockIn, timeZone);
    let outAt = instantAt(date, clockOut, timeZone);
    // A clock-out earlier in the day than the clock-in is the next morning.
    if (outAt <= inAt) outAt = instantAt(addDays(date, 1), clockOut, timeZone);
    const args = { entryId: entry._id, clockIn: inAt, clockOut: outAt, breaks: Number(breakMinutes) || 0, reason: reason.trim() };
    setSaving(true);
    keys
      .run(args, (idempotencyKey) => correct({ ...args, idempotencyKey }))
      .then((result) => {
        // A shift the corrector added by hand waits for another manager's approval.
        notifySuccess(t(result.approved ? "corrected" : "correctedPending", { name: entry.employeeName }));
        onClose();
      })
      .catch((e: unknown) => setError(errorText(e, t("correctFailed"))))
      .finally(() => setSaving(false));
  };
  return (
    <Modal opened onClose={onClose} title={t("correctTitle", { name: entry.employeeName })} closeButtonProps={{ "aria-label": t("close") }}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {entry.manual
            ? t("rawTimesManual", { times: span(entry.raw.clockInAt, entry.raw.clockOutAt, timeZone) })
            : t("rawTimes", { times: span(entry.raw.clockInAt, entry.raw.clockOutAt, timeZone) })}
        </Text>
        <Group grow>
          <TimeInput label={t("clockIn")} value={clockIn} onChange={(e) => setClockIn(e.currentTarget.value)} required />
          <TimeInput label={t("clockOut")} value={clockOut} onChange={(e) => setClockOut(e.currentTarget.value)} required />
        </Group>
        <NumberInput label={t("breakMinutes")} min={0} max={600} value={breakMinutes} onChange={setBreakMinutes} />
        <Textarea label={t("reason")} required value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} autosize minRows={2} />
        <FormError>{error}</FormError>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button onClick={submit} loading={saving} disabled={!clockIn || !clockOut}>
            {t("saveCorrection")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
