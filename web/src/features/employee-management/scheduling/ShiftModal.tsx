import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { shiftFormSchema } from "@tumble/domain/scheduling";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess, notifyWarning } from "../../../lib/notify";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { schedulingError } from "./messages";
import { OPEN_ROW, type Person, type ShiftItem } from "./types";
import { formatDay } from "@tumble/domain/dateFormat";

export interface ShiftDraft {
  /** The shift edited, or null for a new one. */
  shift: ShiftItem | null;
  employeeId: string | null;
  date: string;
}

/** Start, end, break, position and note of a shift (new or edited), and who works it. */
export function ShiftModal({
  draft,
  storeId,
  people,
  days,
  onClose,
}: {
  draft: ShiftDraft | null;
  storeId: string;
  people: Person[];
  days: string[];
  onClose: () => void;
}) {
  return (
    <ModalFrame opened={draft !== null} onClose={onClose}>
      {draft ? (
        <ShiftForm
          key={`${draft.shift?._id ?? "new"}-${draft.date}-${draft.employeeId}`}
          draft={draft}
          storeId={storeId}
          people={people}
          days={days}
          onClose={onClose}
        />
      ) : null}
    </ModalFrame>
  );
}

function ModalFrame({ opened, onClose, children }: { opened: boolean; onClose: () => void; children: React.ReactNode }) {
  const { t } = useTranslation("scheduling");
  const phone = useMediaQuery("(max-width: 48em)") ?? false;
  return (
    <Modal opened={opened} onClose={onClose} title={t("form.title")} fullScreen={phone} closeButtonProps={{ "aria-label": t("form.close") }}>
      {children}
    </Modal>
  );
}

function ShiftForm({ draft, storeId, people, days, onClose }: { draft: ShiftDraft; storeId: string; people: Person[]; days: string[]; onClose: () => void }) {
  const { t } = useTranslation("scheduling");
  const create = useMutation(api.shifts.create);
  const update = useMutation(api.shifts.update);
  const remove = useMutation(api.shifts.remove);
  const [employee, setEmployee] = useState<string>(draft.employeeId ?? OPEN_ROW);
  const [busy, setBusy] = useState(false);
  const s = draft.shift;
  const form = useSchemaForm(shiftFormSchema, {
    initialValues: {
      date: draft.date,
      start: s?.start ?? "09:00",
      end: s?.end ?? "17:00",
      breakMinutes: s?.breakMinutes ?? 0,
      position: s?.position ?? "",
      note: s?.note ?? "",
    },
  });
  const options = [{ value: OPEN_ROW, label: t("grid.openShift") }, ...people.map((p) => ({ value: p._id, label: p.name }))];
  const employeeId = employee === OPEN_ROW ? null : employee;

  const save = form.submit(async (values) => {
    setBusy(true);
    try {
      const body = { ...values, position: values.position ?? null, note: values.note ?? null };
      const result = s ? await update({ shiftId: s._id, employeeId, ...body }) : await create({ storeId, employeeId, ...body });
      if (result.conflicts.length) notifyWarning(t("messages.savedWithConflicts", { count: result.conflicts.length }));
      else notifySuccess(t("messages.saved"));
      onClose();
    } catch (e) {
      notifyError(schedulingError(t, e));
    } finally {
      setBusy(false);
    }
  });

  const del = async () => {
    if (!s) return;
    setBusy(true);
    try {
      await remove({ shiftId: s._id });
      notifySuccess(t("messages.removed"));
      onClose();
    } catch (e) {
      notifyError(schedulingError(t, e));
    } finally {
      setBusy(false);
    }
  };

  const dayOptions = days.map((d) => ({
    value: d,
    label: formatDay(d, t("locale"), { weekday: "long" }),
  }));
  return (
    <form onSubmit={save} noValidate>
      <Stack gap="sm">
        <Select
          label={t("form.employee")}
          data={options}
          value={employee}
          onChange={(v) => setEmployee(v ?? OPEN_ROW)}
          allowDeselect={false}
          data-testid="shift-employee"
        />
        <Select label={t("form.date")} data={dayOptions} allowDeselect={false} data-testid="shift-date" {...form.getInputProps("date")} />
        <SimpleGrid cols={3} spacing="sm">
          <TextInput label={t("form.start")} type="time" data-testid="shift-start" {...form.getInputProps("start")} />
          <TextInput label={t("form.end")} type="time" data-testid="shift-end" {...form.getInputProps("end")} />
          <NumberInput
            label={t("form.break")}
            min={0}
            max={600}
            step={5}
            allowDecimal={false}
            data-testid="shift-break"
            {...form.getInputProps("breakMinutes")}
          />
        </SimpleGrid>
        <TextInput label={t("form.position")} maxLength={80} data-testid="shift-position" {...form.getInputProps("position")} />
        <Textarea label={t("form.note")} maxLength={500} autosize minRows={2} data-testid="shift-note" {...form.getInputProps("note")} />
        <Group justify="space-between" mt="sm">
          {s ? (
            <Button variant="subtle" color="red" onClick={del} disabled={busy} data-testid="shift-delete">
              {t("form.delete")}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t("form.cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid="shift-save">
              {t("form.save")}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
