import { Button, Divider, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { completeRegistrationSchema, type CompleteRegistrationInput } from "@tumble/domain/employees";
import { COMPANY_ROLES } from "@tumble/domain/permissions";
import { canAssignRole } from "@tumble/domain/roleRank";
import { api } from "../../../lib/api";
import { useMutation, useQuery } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { PayFields, ProfileFields, useStoreOptions } from "./EmployeeFormModal";
import { useField } from "./fields";
import { errorText } from "./messages";
import type { EmployeeRow } from "./types";

function initial(employee: EmployeeRow): CompleteRegistrationInput {
  return {
    employeeId: employee._id,
    name: employee.name,
    phone: employee.phone ?? "",
    position: employee.position ?? "",
    hireDate: "",
    storeIds: [],
    payType: "hourly",
    rateCents: null as unknown as number,
    effectiveFrom: "",
    role: "STAFF",
  };
}

/**
 * Completes a self-registered profile: stores, position, pay and the company role (which approves
 * the employee's join request). The profile becomes active and the employee gets an e-mail.
 */
export function CompleteRegistrationModal({ employee, onClose }: { employee: EmployeeRow; onClose: () => void }) {
  const { t } = useTranslation(["employees", "common"]);
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  const complete = useMutation(api.employees.completeRegistration);
  const me = useQuery(api.auth.getUserCompanyRole);
  const storeOptions = useStoreOptions();
  const [busy, setBusy] = useState(false);
  const form = useSchemaForm(completeRegistrationSchema, { initialValues: initial(employee) });
  const field = useField(form);
  const roles = COMPANY_ROLES.filter((r) => canAssignRole(me?.role, r, me?.permissions.isSystemAdmin ?? false)).map((r) => ({
    value: r,
    label: t(`common:roles.${r}`),
  }));

  const save = async () => {
    setBusy(true);
    try {
      const values = form.getValues();
      await complete(values);
      notifySuccess(t("form.completed", { name: values.name.trim() }));
      onClose();
    } catch (error) {
      notifyError(errorText(t, error, t("form.failed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t("form.completeTitle", { name: employee.name })}
      size="lg"
      fullScreen={isPhone}
      closeButtonProps={{ "aria-label": t("form.cancel") }}
    >
      <form onSubmit={form.submit(save)} noValidate data-testid="complete-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {employee.username}
            {employee.email ? ` · ${employee.email}` : ""}
          </Text>
          <ProfileFields field={field} storeOptions={storeOptions} withEmail={false} />
          <Divider my={4} />
          <PayFields field={field} payType={form.getValues().payType} />
          <Select
            label={t("form.role")}
            description={t("form.roleHelp")}
            data={roles}
            allowDeselect={false}
            size="md"
            data-testid="complete-role"
            comboboxProps={{ withinPortal: true }}
            {...field("role")}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} size="md">
              {t("form.cancel")}
            </Button>
            <Button type="submit" loading={busy} size="md" data-testid="complete-submit">
              {t("form.completeSubmit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
