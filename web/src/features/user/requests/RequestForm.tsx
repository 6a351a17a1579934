import { Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/errorText";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { REQUEST_KINDS, TIME_OFF_TYPES, type RequestKind } from "@tumble/domain/requests";
import { emptyRequestForm, requestFormSchema, type RequestFormOutput } from "@tumble/domain/requestForms";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifySuccess } from "../../../lib/notify";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { shiftLabel } from "./labels";
import { FormError } from "../../../ui/form/FormError";

type Options = ReturnsOf<typeof api.requests.options>;

/** A new request: time off (whole or partial days), or a swap, drop or claim of a shift. */
export function RequestForm({ options }: { options: Options }) {
  const { t } = useTranslation("requests");
  const create = useMutation(api.requests.create);
  const form = useSchemaForm(requestFormSchema, { initialValues: emptyRequestForm() });
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { kind, allDay, startDate, shiftId } = form.getValues();

  const shifts = kind === "claim" ? options.openShifts : options.myShifts;
  const chosen = shifts.find((s) => s._id === shiftId);
  const coworkers = options.coworkers.filter((c) => !chosen || c.storeId === chosen.storeId);
  const uniqueCoworkers = [...new Map(coworkers.map((c) => [c._id, c])).values()];

  const send = (request: RequestFormOutput) => {
    setFailure(null);
    setSaving(true);
    create(request)
      .then((r) => {
        notifySuccess(r.status === "approved" ? t("sentApproved") : t("sent"));
        // The kind, whole days and type stay for the next request.
        const values = form.getValues();
        form.setValues({ ...emptyRequestForm(values.kind), allDay: values.allDay, timeOffType: values.timeOffType });
        form.resetDirty();
      })
      .catch((e: unknown) => setFailure(errorText(e, t("sendFailed"))))
      .finally(() => setSaving(false));
  };

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="request-form">
      <form onSubmit={form.submit(send)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("newRequest")}
          </Title>
          <SegmentedControl
            aria-label={t("kindLabel")}
            value={kind}
            onChange={(v) => {
              form.setFieldValue("kind", v as RequestKind);
              form.setFieldValue("shiftId", null);
              form.clearErrors();
              setFailure(null);
            }}
            data={REQUEST_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            fullWidth
          />
          {kind === "timeOff" ? (
            <>
              <Switch label={t("allDay")} {...form.getInputProps("allDay", { type: "checkbox" })} />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput type="date" label={t("startDate")} withAsterisk {...form.getInputProps("startDate")} />
                <TextInput type="date" label={t("endDate")} placeholder={startDate} {...form.getInputProps("endDate")} />
                {!allDay ? (
                  <>
                    <TextInput type="time" label={t("startTime")} withAsterisk {...form.getInputProps("startTime")} />
                    <TextInput type="time" label={t("endTime")} withAsterisk {...form.getInputProps("endTime")} />
                  </>
                ) : null}
              </SimpleGrid>
              <Select
                label={t("type")}
                withAsterisk
                data={TIME_OFF_TYPES.map((x) => ({ value: x, label: t(`timeOffType.${x}`) }))}
                {...form.getInputProps("timeOffType")}
                allowDeselect={false}
              />
            </>
          ) : shifts.length === 0 ? (
            <>
              <Text c="dimmed" size="sm" data-testid="no-shifts">
                {t(kind === "claim" ? "noOpenShifts" : "noShifts")}
              </Text>
              {/* No shift to choose: its rule is said here rather than under a field that is not shown. */}
              <FormError>{form.errors.shiftId}</FormError>
            </>
          ) : (
            <>
              <Select
                label={t(kind === "claim" ? "openShift" : "shift")}
                withAsterisk
                data={shifts.map((s) => ({ value: s._id, label: shiftLabel(s) }))}
                {...form.getInputProps("shiftId")}
              />
              {kind === "swap" ? (
                <Select
                  label={t("swapWith")}
                  withAsterisk
                  data={uniqueCoworkers.map((c) => ({ value: c._id, label: c.name }))}
                  {...form.getInputProps("targetEmployeeId")}
                  searchable
                  nothingFoundMessage={t("noCoworkers")}
                />
              ) : null}
            </>
          )}
          <Textarea label={t("note")} maxLength={500} autosize minRows={2} {...form.getInputProps("note")} />
          <FormError>{failure}</FormError>
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {t("send")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
