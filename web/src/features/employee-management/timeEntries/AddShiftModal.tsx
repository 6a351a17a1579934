import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { TimeInput } from "@mantine/dates";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { addDays } from "@tumble/domain/datePresets";
import { DEFAULT_TIME_ZONE } from "@tumble/domain/businessDate";
import { instantAt } from "@tumble/domain/requests";
import { errorText } from "../../../lib/errorText";
import { api } from "../../../lib/api";
import { useMutation, useQuery } from "../../../lib/hooks";
import { notifySuccess } from "../../../lib/notify";
import { useSubmissionKeys } from "../../../lib/submissionKey";
import { useOwnEmployeeId } from "../../../lib/twoPerson";
import { FormError } from "../../../ui/form/FormError";

interface StoreOption {
  _id: string;
  name: string;
  timeZone: string;
}

/**
 * A shift the person worked and forgot to punch (issue 30): times in the store's zone, a reason.
 * It joins the queue pending; another manager approves it.
 */
export function AddShiftModal({
  opened,
  stores,
  defaultStoreId,
  defaultDate,
  onClose,
}: {
  opened: boolean;
  stores: StoreOption[];
  defaultStoreId?: string;
  defaultDate: string;
  onClose: () => void;
}) {
  if (!opened) return null;
  return <AddShiftForm stores={stores} defaultStoreId={defaultStoreId} defaultDate={defaultDate} onClose={onClose} />;
}

function AddShiftForm({
  stores,
  defaultStoreId,
  defaultDate,
  onClose,
}: {
  stores: StoreOption[];
  defaultStoreId?: string;
  defaultDate: string;
  onClose: () => void;
}) {
  const { t } = useTranslation("timeEntries");
  const { t: tOwn } = useTranslation("twoPerson");
  const ownId = useOwnEmployeeId();
  const add = useMutation(api.timeEntries.add);
  const keys = useSubmissionKeys();
  // The people a shift can be added for, without pay: a supervisor adds shifts too.
  const employees = useQuery(api.timeEntries.people, {});
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  // A person with several jobs: which one the shift was ("" the profile's own; null: the store's usual one).
  const [jobId, setJobId] = useState<string | null>(null);
  const [storeId, setStoreId] = useState<string | null>(defaultStoreId ?? (stores.length === 1 ? stores[0]._id : null));
  const [date, setDate] = useState(defaultDate);
  const [clockIn, setClockIn] = useState("");
  const [clockOut, setClockOut] = useState("");
  const [breakMinutes, setBreakMinutes] = useState<number | string>(0);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const employee = (employees ?? []).find((e) => e._id === employeeId);
  // Open on the date and worked at the chosen store (or at no store in particular), as the server requires.
  const jobs = employee ? employee.jobs.filter((j) => (!j.endedOn || j.endedOn >= date) && (!j.storeId || j.storeId === storeId)) : [];
  const storeOptions = stores.map((s) => ({ value: s._id, label: s.name }));
  const timeZone = stores.find((s) => s._id === storeId)?.timeZone ?? DEFAULT_TIME_ZONE;

  const submit = () => {
    setError(null);
    if (!employeeId) return setError(t("add.employeeNeeded"));
    if (!storeId) return setError(t("add.storeNeeded"));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return setError(t("add.dateNeeded"));
    if (!clockIn || !clockOut) return setError(t("add.timesNeeded"));
    if (!reason.trim()) return setError(t("reasonNeeded"));
    const inAt = instantAt(date, clockIn, timeZone);
    let outAt = instantAt(date, clockOut, timeZone);
    // An end earlier in the day than the start is the next morning (a night shift).
    if (outAt <= inAt) outAt = instantAt(addDays(date, 1), clockOut, timeZone);
    const job = jobs.length && jobId !== null ? { jobId: jobId || null } : {};
    const args = { employeeId, storeId, clockIn: inAt, clockOut: outAt, breaks: Number(breakMinutes) || 0, reason: reason.trim(), ...job };
    setSaving(true);
    keys
      .run(args, (idempotencyKey) => add({ ...args, idempotencyKey }))
      .then(() => {
        notifySuccess(t("add.added", { name: employee?.name ?? "" }));
        onClose();
      })
      .catch((e: unknown) => setError(errorText(e, t("add.failed"))))
      .finally(() => setSaving(false));
  };

  return (
    <Modal opened onClose={onClose} title={t("add.title")} closeButtonProps={{ "aria-label": t("close") }}>
      <Stack gap="sm" data-testid="add-shift-form">
        <Text size="sm" c="dimmed">
          {t("add.hint")}
        </Text>
        <Select
          label={t("add.employee")}
          required
          searchable
          // One's own time is added by someone else (decision 0060): shown, not chosen, saying why.
          data={(employees ?? []).map((e) => ({
            value: e._id,
            label: e._id === ownId ? tOwn("ownTimeOption", { name: e.name }) : e.name,
            disabled: e._id === ownId,
          }))}
          value={employeeId}
          onChange={(v) => {
            setEmployeeId(v);
            setJobId(null);
            const own = (employees ?? []).find((e) => e._id === v)?.storeIds ?? [];
            if (!storeId && own.length === 1) setStoreId(own[0]);
          }}
          nothingFoundMessage={t("add.noEmployees")}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t("store")}
          required
          data={storeOptions}
          value={storeId}
          onChange={(v) => {
            setStoreId(v);
            setJobId(null);
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {jobs.length && employee ? (
          <Select
            label={t("add.job")}
            placeholder={t("add.jobDefault")}
            data={[
              { value: "", label: `${employee.position || t("add.mainJob")} (${t("add.mainJob").toLowerCase()})` },
              ...jobs.map((j) => ({ value: j._id, label: j.title })),
            ]}
            value={jobId}
            onChange={setJobId}
            clearable
            comboboxProps={{ withinPortal: true }}
            data-testid="add-shift-job"
          />
        ) : null}
        <TextInput type="date" label={t("add.date")} required value={date} onChange={(e) => setDate(e.currentTarget.value)} />
        <Group grow align="flex-start">
          <TimeInput label={t("add.start")} value={clockIn} onChange={(e) => setClockIn(e.currentTarget.value)} required />
          <TimeInput label={t("add.end")} value={clockOut} onChange={(e) => setClockOut(e.currentTarget.value)} required />
        </Group>
        <Text size="xs" c="dimmed">
          {t("add.zone", { zone: timeZone })}
        </Text>
        <NumberInput label={t("breakMinutes")} min={0} max={600} value={breakMinutes} onChange={setBreakMinutes} />
        <Textarea
          label={t("reason")}
          placeholder={t("add.reasonPlaceholder")}
          required
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
        />
        <FormError>{error}</FormError>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button onClick={submit} loading={saving} data-testid="add-shift-save">
            {t("add.save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
