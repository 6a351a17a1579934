import { Button, Divider, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import {
  employeeCreateSchema,
  employeeUpdateSchema,
  SETTABLE_EMPLOYEE_STATUSES,
  type EmployeeCreateInput,
  type EmployeeUpdateInput,
  type PayType,
} from "@tumble/domain/employees";
import { api } from "../../../lib/api";
import { useMutation, useQuery } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { twoPersonReason } from "../../../lib/twoPerson";
import { PinInput } from "../../../ui/auth/PinInput";
import { MoneyInput } from "../../../ui/form/MoneyInput";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { useField, type FieldProps } from "./fields";
import { PayTypeControl } from "./PayTypeControl";
import { errorText, ruleText } from "./messages";
import type { EmployeeProfile } from "./types";

/** Options for the multi-store picker: active stores, plus any inactive one the employee already has. */
export function useStoreOptions(keep: readonly string[] = []) {
  const stores = useQuery(api.stores.listAll);
  return (stores ?? []).filter((s) => s.isActive || keep.includes(s._id)).map((s) => ({ value: s._id, label: s.name }));
}

/** Name, contact, position, hire date and stores: what every employee form asks. */
export function ProfileFields({
  field,
  storeOptions,
  withEmail = true,
  datesLocked = null,
}: {
  field: FieldProps;
  storeOptions: { value: string; label: string }[];
  withEmail?: boolean;
  /** Why the hire date cannot be changed here (one's own profile, decision 0060). */
  datesLocked?: string | null;
}) {
  const { t } = useTranslation("employees");
  return (
    <>
      <TextInput label={t("form.name")} withAsterisk maxLength={100} size="md" data-autofocus data-testid="employee-name" {...field("name")} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {withEmail ? <TextInput label={t("form.email")} type="email" maxLength={254} size="md" data-testid="employee-email" {...field("email")} /> : null}
        <TextInput label={t("form.phone")} type="tel" maxLength={30} size="md" data-testid="employee-phone" {...field("phone")} />
        <TextInput
          label={t("form.position")}
          placeholder={t("form.positionPlaceholder")}
          maxLength={60}
          size="md"
          data-testid="employee-position"
          {...field("position")}
        />
        <TextInput
          label={t("form.hireDate")}
          type="date"
          size="md"
          data-testid="employee-hire-date"
          {...field("hireDate")}
          disabled={Boolean(datesLocked)}
          description={datesLocked ?? undefined}
        />
      </SimpleGrid>
      <MultiSelect
        label={t("form.stores")}
        placeholder={t("form.storesPlaceholder")}
        data={storeOptions}
        withAsterisk
        searchable
        hidePickedOptions
        size="md"
        data-testid="employee-stores"
        comboboxProps={{ withinPortal: true }}
        {...field("storeIds")}
      />
    </>
  );
}

/** Pay type, rate and the date it starts. */
export function PayFields({ field, payType }: { field: FieldProps; payType: PayType }) {
  const { t } = useTranslation("employees");
  return (
    <Stack gap="sm">
      <PayTypeControl id="pay-type-label" testId="employee-pay-type" inputProps={field("payType")} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <MoneyInput
          label={t("form.rate")}
          description={t(payType === "salary" ? "form.rateHelpSalary" : "form.rateHelpHourly")}
          withAsterisk
          size="md"
          data-testid="employee-rate"
          {...field("rateCents")}
        />
        <TextInput
          label={t("form.effectiveFrom")}
          description={t("form.effectiveFromHelp")}
          type="date"
          size="md"
          data-testid="employee-effective-from"
          {...field("effectiveFrom")}
        />
      </SimpleGrid>
    </Stack>
  );
}

function FormButtons({ onCancel, busy, submitLabel, testId }: { onCancel: () => void; busy: boolean; submitLabel: string; testId: string }) {
  const { t } = useTranslation("employees");
  return (
    <Group justify="flex-end" mt="xs">
      <Button variant="default" onClick={onCancel} size="md">
        {t("form.cancel")}
      </Button>
      <Button type="submit" loading={busy} size="md" data-testid={testId}>
        {submitLabel}
      </Button>
    </Group>
  );
}

const EMPTY_CREATE: EmployeeCreateInput = {
  name: "",
  email: "",
  phone: "",
  position: "",
  hireDate: "",
  storeIds: [],
  payType: "hourly",
  rateCents: null as unknown as number,
  effectiveFrom: "",
  username: "",
  pin: "",
};

/** A new employee: profile, stores, first rate, kiosk username and PIN. */
export function CreateEmployeeModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (employeeId: string) => void }) {
  const { t } = useTranslation("employees");
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  const create = useMutation(api.employees.create);
  const storeOptions = useStoreOptions();
  const [busy, setBusy] = useState(false);
  const form = useSchemaForm(employeeCreateSchema, { initialValues: EMPTY_CREATE });
  const field = useField(form);
  const values = form.getValues();

  const close = () => {
    form.setValues(EMPTY_CREATE);
    form.clearErrors();
    onClose();
  };
  const save = async (v: z.output<typeof employeeCreateSchema>) => {
    setBusy(true);
    try {
      // The form's own values: the server parses them with the same schema.
      const { employeeId } = await create(form.getValues());
      notifySuccess(t("form.created", { name: v.name }));
      close();
      onCreated(employeeId);
    } catch (error) {
      const message = errorText(t, error, t("form.failed"));
      if (/username/i.test(extractRaw(error))) form.setFieldError("username", message);
      else notifyError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t("form.createTitle")} size="lg" fullScreen={isPhone} closeButtonProps={{ "aria-label": t("form.cancel") }}>
      <form onSubmit={form.submit(save)} noValidate data-testid="employee-form">
        <Stack gap="sm">
          <ProfileFields field={field} storeOptions={storeOptions} />
          <Divider my={4} />
          <PayFields field={field} payType={values.payType} />
          <Divider my={4} label={t("form.kiosk")} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t("form.username")}
              description={t("form.usernameHelp")}
              withAsterisk
              maxLength={20}
              autoComplete="off"
              size="md"
              data-testid="employee-username"
              {...field("username")}
            />
            <PinInput
              label={t("form.pin")}
              description={t("form.pinHelp")}
              required
              data-testid="employee-pin"
              value={values.pin}
              onChange={(pin) => form.setFieldValue("pin", pin)}
              onBlur={() => form.isDirty("pin") && form.validateField("pin")}
              error={ruleText(t, form.errors.pin as string | undefined) ?? null}
            />
          </SimpleGrid>
          <FormButtons onCancel={close} busy={busy} submitLabel={t("form.create")} testId="employee-submit" />
        </Stack>
      </form>
    </Modal>
  );
}

function extractRaw(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function editValues(profile: EmployeeProfile): EmployeeUpdateInput {
  return {
    employeeId: profile._id,
    name: profile.name,
    email: profile.email ?? "",
    phone: profile.phone ?? "",
    position: profile.position ?? "",
    hireDate: profile.hireDate ?? "",
    storeIds: profile.stores.map((s) => s._id),
    status: profile.status === "pending" ? "active" : (profile.status as EmployeeUpdateInput["status"]),
    endDate: profile.endDate ?? "",
    username: profile.username,
  };
}

/** Edits a profile: contact, position, dates, stores, status and kiosk username. */
export function EditEmployeeModal({ profile, opened, onClose }: { profile: EmployeeProfile; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("employees");
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  const update = useMutation(api.employees.update);
  const storeOptions = useStoreOptions(profile.stores.map((s) => s._id));
  const [busy, setBusy] = useState(false);
  const form = useSchemaForm(employeeUpdateSchema, { initialValues: editValues(profile) });
  const field = useField(form);
  const status = form.getValues().status;
  // One's own dates and status are changed by someone else (decision 0060); contact details are theirs to correct.
  const ownReason = profile.own ? twoPersonReason("ownEmployment") : null;

  const close = () => {
    form.setValues(editValues(profile));
    form.clearErrors();
    onClose();
  };
  const save = async () => {
    setBusy(true);
    try {
      await update(form.getValues());
      notifySuccess(t("form.saved"));
      onClose();
    } catch (error) {
      const message = errorText(t, error, t("form.failed"));
      if (/username/i.test(extractRaw(error))) form.setFieldError("username", message);
      else notifyError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t("form.editTitle", { name: profile.name })}
      size="lg"
      fullScreen={isPhone}
      closeButtonProps={{ "aria-label": t("form.cancel") }}
    >
      <form onSubmit={form.submit(save)} noValidate data-testid="employee-edit-form">
        <Stack gap="sm">
          <ProfileFields field={field} storeOptions={storeOptions} datesLocked={ownReason} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t("form.status")}
              data={SETTABLE_EMPLOYEE_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
              allowDeselect={false}
              size="md"
              data-testid="employee-status"
              comboboxProps={{ withinPortal: true }}
              {...field("status")}
              disabled={Boolean(ownReason)}
            />
            <TextInput
              label={t("form.endDate")}
              description={ownReason ?? t("form.endDateHelp")}
              withAsterisk={status === "terminated"}
              type="date"
              size="md"
              data-testid="employee-end-date"
              {...field("endDate")}
              disabled={Boolean(ownReason)}
            />
          </SimpleGrid>
          <TextInput
            label={t("form.username")}
            description={t("form.usernameHelp")}
            withAsterisk
            maxLength={20}
            autoComplete="off"
            size="md"
            data-testid="employee-username"
            {...field("username")}
          />
          <FormButtons onCancel={close} busy={busy} submitLabel={t("form.save")} testId="employee-save" />
        </Stack>
      </form>
    </Modal>
  );
}
