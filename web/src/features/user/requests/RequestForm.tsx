import { Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/errorText";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { createRequestSchema, REQUEST_KINDS, TIME_OFF_TYPES, type RequestKind } from "@tumble/domain/requests";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifySuccess } from "../../../lib/notify";
import { shiftLabel } from "./labels";
import { FormError } from "../../../ui/form/FormError";

type Options = ReturnsOf<typeof api.requests.options>;

/** A new request: time off (whole or partial days), or a swap, drop or claim of a shift. */
export function RequestForm({ options }: { options: Options }) {
  const { t } = useTranslation("requests");
  const create = useMutation(api.requests.create);
  const [kind, setKind] = useState<RequestKind>("timeOff");
  const [allDay, setAllDay] = useState(true);
  const [startDate, setStartDate] = useState("");
  const [endDate, setEndDate] = useState("");
  const [startTime, setStartTime] = useState("");
  const [endTime, setEndTime] = useState("");
  const [timeOffType, setTimeOffType] = useState<string | null>("vacation");
  const [shiftId, setShiftId] = useState<string | null>(null);
  const [targetEmployeeId, setTarget] = useState<string | null>(null);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const shifts = kind === "claim" ? options.openShifts : options.myShifts;
  const chosen = shifts.find((s) => s._id === shiftId);
  const coworkers = options.coworkers.filter((c) => !chosen || c.storeId === chosen.storeId);
  const uniqueCoworkers = [...new Map(coworkers.map((c) => [c._id, c])).values()];

  const reset = () => {
    setStartDate("");
    setEndDate("");
    setStartTime("");
    setEndTime("");
    setShiftId(null);
    setTarget(null);
    setNote("");
  };

  const submit = () => {
    setError(null);
    const input =
      kind === "timeOff"
        ? {
            kind,
            allDay,
            startDate,
            endDate: endDate || startDate,
            ...(allDay ? {} : { startTime, endTime }),
            timeOffType: timeOffType ?? "",
            note: note || undefined,
          }
        : kind === "swap"
          ? { kind, shiftId: shiftId ?? "", targetEmployeeId: targetEmployeeId ?? "", note: note || undefined }
          : { kind, shiftId: shiftId ?? "", note: note || undefined };
    const parsed = createRequestSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue.path[0] ?? "");
      setError(
        field === "shiftId"
          ? t("errors.chooseShift")
          : field === "targetEmployeeId"
            ? t("errors.chooseCoworker")
            : issue.code === "custom"
              ? t(`errors.${customKey(issue.message)}`)
              : t("errors.fillIn"),
      );
      return;
    }
    setSaving(true);
    create(parsed.data)
      .then((r) => {
        notifySuccess(r.status === "approved" ? t("sentApproved") : t("sent"));
        reset();
      })
      .catch((e: unknown) => setError(errorText(e, t("sendFailed"))))
      .finally(() => setSaving(false));
  };

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="request-form">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("newRequest")}
        </Title>
        <SegmentedControl
          aria-label={t("kindLabel")}
          value={kind}
          onChange={(v) => {
            setKind(v as RequestKind);
            setShiftId(null);
            setError(null);
          }}
          data={REQUEST_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          fullWidth
        />
        {kind === "timeOff" ? (
          <>
            <Switch label={t("allDay")} checked={allDay} onChange={(e) => setAllDay(e.currentTarget.checked)} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput type="date" label={t("startDate")} required value={startDate} onChange={(e) => setStartDate(e.currentTarget.value)} />
              <TextInput type="date" label={t("endDate")} value={endDate} placeholder={startDate} onChange={(e) => setEndDate(e.currentTarget.value)} />
              {!allDay ? (
                <>
                  <TextInput type="time" label={t("startTime")} required value={startTime} onChange={(e) => setStartTime(e.currentTarget.value)} />
                  <TextInput type="time" label={t("endTime")} required value={endTime} onChange={(e) => setEndTime(e.currentTarget.value)} />
                </>
              ) : null}
            </SimpleGrid>
            <Select
              label={t("type")}
              required
              data={TIME_OFF_TYPES.map((x) => ({ value: x, label: t(`timeOffType.${x}`) }))}
              value={timeOffType}
              onChange={setTimeOffType}
              allowDeselect={false}
            />
          </>
        ) : shifts.length === 0 ? (
          <Text c="dimmed" size="sm" data-testid="no-shifts">
            {t(kind === "claim" ? "noOpenShifts" : "noShifts")}
          </Text>
        ) : (
          <>
            <Select
              label={t(kind === "claim" ? "openShift" : "shift")}
              required
              data={shifts.map((s) => ({ value: s._id, label: shiftLabel(s) }))}
              value={shiftId}
              onChange={setShiftId}
            />
            {kind === "swap" ? (
              <Select
                label={t("swapWith")}
                required
                data={uniqueCoworkers.map((c) => ({ value: c._id, label: c.name }))}
                value={targetEmployeeId}
                onChange={setTarget}
                searchable
                nothingFoundMessage={t("noCoworkers")}
              />
            ) : null}
          </>
        )}
        <Textarea label={t("note")} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} autosize minRows={2} />
        <FormError>{error}</FormError>
        <Group justify="flex-end">
          <Button onClick={submit} loading={saving}>
            {t("send")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function customKey(message: string): string {
  if (message.includes("ends before")) return "endBeforeStart";
  if (message.includes("partial")) return "timesNeeded";
  if (message.includes("60 days")) return "tooLong";
  return "fillIn";
}
