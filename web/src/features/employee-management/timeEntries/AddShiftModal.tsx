import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { TimeInput } from "@mantine/dates";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { DEFAULT_TIME_ZONE } from "@tumble/domain/businessDate";
import { addShiftFormSchema, MAX_FORM_BREAK_MINUTES, shiftInstants, TIME_ENTRY_REASON_MAX } from "@tumble/domain/timeEntryForms";
import { errorText } from "../../../lib/errorText";
import { api } from "../../../lib/api";
import { useMutation, useQuery } from "../../../lib/hooks";
import { notifySuccess } from "../../../lib/notify";
import { useSubmissionKeys } from "../../../lib/submissionKey";
import { useOwnEmployeeId } from "../../../lib/twoPerson";
import { FormError } from "../../../ui/form/FormError";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";

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
  const form = useSchemaForm(addShiftFormSchema, {
    initialValues: {
      employeeId: null,
      // A person with several jobs: which one the shift was ("" the profile's own; null: the store's usual one).
      jobId: null,
      storeId: defaultStoreId ?? (stores.length === 1 ? stores[0]._id : null),
      date: defaultDate,
      clockIn: "",
      clockOut: "",
      breakMinutes: 0,
      reason: "",
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { employeeId, storeId, date } = form.getValues();

  const employee = (employees ?? []).find((e) => e._id === employeeId);
  // Open on the date and worked at the chosen store (or at no store in particular), as the server requires.
  const jobs = employee ? employee.jobs.filter((j) => (!j.endedOn || j.endedOn >= date) && (!j.storeId || j.storeId === storeId)) : [];
  const storeOptions = stores.map((s) => ({ value: s._id, label: s.name }));
  const timeZone = stores.find((s) => s._id === storeId)?.timeZone ?? DEFAULT_TIME_ZONE;

  const save = (fields: z.output<typeof addShiftFormSchema>) => {
    setFailure(null);
    const job = jobs.length && fields.jobId !== null ? { jobId: fields.jobId || null } : {};
    const args = {
      employeeId: fields.employeeId,
      storeId: fields.storeId,
      ...shiftInstants(fields.date, fields.clockIn, fields.clockOut, timeZone),
      breaks: fields.breakMinutes,
      reason: fields.reason,
      ...job,
    };
    setSaving(true);
    keys
      .run(args, (idempotencyKey) => add({ ...args, idempotencyKey }))
      .then(() => {
        notifySuccess(t("add.added", { name: employee?.name ?? "" }));
        onClose();
      })
      .catch((e: unknown) => setFailure(errorText(e, t("add.failed"))))
      .finally(() => setSaving(false));
  };

  return (
    <Modal opened onClose={onClose} title={t("add.title")} closeButtonProps={{ "aria-label": t("close") }}>
      <form onSubmit={form.submit(save)} noValidate>
        <Stack gap="sm" data-testid="add-shift-form">
          <Text size="sm" c="dimmed">
            {t("add.hint")}
          </Text>
          <Select
            label={t("add.employee")}
            withAsterisk
            searchable
            // One's own time is added by someone else (decision 0060): shown, not chosen, saying why.
            data={(employees ?? []).map((e) => ({
              value: e._id,
              label: e._id === ownId ? tOwn("ownTimeOption", { name: e.name }) : e.name,
              disabled: e._id === ownId,
            }))}
            {...form.getInputProps("employeeId")}
            onChange={(v) => {
              form.setFieldValue("employeeId", v);
              form.setFieldValue("jobId", null);
              const own = (employees ?? []).find((e) => e._id === v)?.storeIds ?? [];
              if (!storeId && own.length === 1) form.setFieldValue("storeId", own[0]);
            }}
            nothingFoundMessage={t("add.noEmployees")}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t("store")}
            withAsterisk
            data={storeOptions}
            {...form.getInputProps("storeId")}
            onChange={(v) => {
              form.setFieldValue("storeId", v);
              form.setFieldValue("jobId", null);
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
              {...form.getInputProps("jobId")}
              clearable
              comboboxProps={{ withinPortal: true }}
              data-testid="add-shift-job"
            />
          ) : null}
          <TextInput type="date" label={t("add.date")} withAsterisk {...form.getInputProps("date")} />
          <Group grow align="flex-start">
            <TimeInput label={t("add.start")} withAsterisk {...form.getInputProps("clockIn")} />
            <TimeInput label={t("add.end")} withAsterisk {...form.getInputProps("clockOut")} />
          </Group>
          <Text size="xs" c="dimmed">
            {t("add.zone", { zone: timeZone })}
          </Text>
          <NumberInput label={t("breakMinutes")} min={0} max={MAX_FORM_BREAK_MINUTES} allowDecimal={false} {...form.getInputProps("breakMinutes")} />
          <Textarea
            label={t("reason")}
            placeholder={t("add.reasonPlaceholder")}
            withAsterisk
            maxLength={TIME_ENTRY_REASON_MAX}
            autosize
            minRows={2}
            {...form.getInputProps("reason")}
          />
          <FormError>{failure}</FormError>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={saving} data-testid="add-shift-save">
              {t("add.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
