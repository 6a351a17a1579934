import { currentLanguage } from "../../lib/i18n";
import { Alert, Button, Group, Loader, Stack, Text, TextInput, ThemeIcon } from "@mantine/core";
import { IconAt, IconBuilding, IconCheck, IconInfoCircle, IconMail, IconX } from "@tabler/icons-react";
import {
  canSubmitEmployeeForm,
  employeeFormErrors,
  PIN_MAX_LENGTH,
  PIN_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  type EmployeeFormValues,
} from "@tumble/domain/employeeForm";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { useMutation, useQueryState } from "../../lib/hooks";
import { notifyError, notifySuccess } from "../../lib/notify";
import { PinInput } from "../../ui/auth/PinInput";
import { BackToSignIn, FormError, type ModeProps } from "./AuthParts";
import { normaliseEmail } from "./authErrors";
import { translateEmployeeMessage } from "./employeeMessages";
import { useUsernameAvailability, type UsernameAvailability } from "./useUsernameAvailability";

type Field = keyof EmployeeFormValues;

/**
 * Employee registration (spec sections 2, 4 and 5): joins the first active company with an
 * e-mail, a kiosk username and a PIN; a manager then assigns the role.
 */
export function EmployeeSignUpForm(props: ModeProps) {
  const { t } = useTranslation("auth");
  const companies = useQueryState(api.companies.listActiveCompanies, {}, { public: true });

  if (companies.error) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconX size={18} aria-hidden />} role="alert">
          {t("employee.companiesFailed")}
        </Alert>
        <BackToSignIn goTo={props.goTo} />
      </Stack>
    );
  }
  if (companies.data === undefined) {
    return (
      <Group gap="sm" justify="center" py="lg" role="status" data-testid="employee-companies-loading">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {t("employee.loadingCompanies")}
        </Text>
      </Group>
    );
  }
  const company = companies.data[0];
  if (!company) {
    return (
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="employee-no-company">
          {t("errors.noActiveCompany")}
        </Alert>
        <BackToSignIn goTo={props.goTo} />
      </Stack>
    );
  }
  return <EmployeeForm {...props} companyId={company._id} companyName={company.displayName ?? company.name} />;
}

function EmployeeForm({ email: sharedEmail, setEmail: setSharedEmail, goTo, companyId, companyName }: ModeProps & { companyId: string; companyName: string }) {
  const { t } = useTranslation("auth");
  const employeeSignUp = useMutation(api.employeeAuth.index.employeeSignUp);
  const [values, setValues] = useState<EmployeeFormValues>({ email: sharedEmail, username: "", pin: "" });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ email: false, username: false, pin: false });
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string>();
  const { availability, checkNow } = useUsernameAvailability(values.username, companyId);

  const ruleErrors = employeeFormErrors(values);
  const shownError = (field: Field) => (touched[field] ? translateEmployeeMessage(t, ruleErrors[field]) : null);
  const usernameTaken = availability.status === "unavailable";
  const canSubmit = canSubmitEmployeeForm(values) && !usernameTaken && !submitting;

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFormError(undefined);
  };
  const blur = (field: Field) => setTouched((current) => (current[field] ? current : { ...current, [field]: true }));

  const pickSuggestion = (username: string) => {
    change("username", username);
    checkNow(username);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ email: true, username: true, pin: true });
    if (!canSubmitEmployeeForm(values) || usernameTaken || submitting) return;
    const email = normaliseEmail(values.email);
    setSubmitting(true);
    setFormError(undefined);
    try {
      const result = await employeeSignUp({ email, username: values.username, pin: values.pin, companyId, language: currentLanguage() });
      if (result.success) {
        notifySuccess(t("employee.registered", { company: companyName }));
        setSharedEmail(email);
        goTo("signIn");
        return;
      }
      const message = translateEmployeeMessage(t, result.message);
      setFormError(message);
      notifyError(message);
    } catch (error) {
      const message = translateEmployeeMessage(t, extractErrorMessage(error, t("errors.signUpFailed")));
      setFormError(message);
      notifyError(message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" data-testid="employee-company">
        <ThemeIcon variant="light" color="cyan" size="lg" radius="md">
          <IconBuilding size={18} aria-hidden />
        </ThemeIcon>
        <Text size="sm" style={{ minWidth: 0 }}>
          {t("employee.joiningCompany", { name: companyName })}
        </Text>
      </Group>

      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t("fields.email")}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            leftSection={<IconMail size={16} aria-hidden />}
            value={values.email}
            onChange={(event) => change("email", event.currentTarget.value)}
            onBlur={() => blur("email")}
            error={shownError("email")}
            data-testid="employee-email"
          />
          <Stack gap={6}>
            <TextInput
              label={t("employee.username")}
              description={t("employee.usernameHint", { max: USERNAME_MAX_LENGTH })}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={USERNAME_MAX_LENGTH + 10}
              leftSection={<IconAt size={16} aria-hidden />}
              rightSection={<AvailabilityIcon availability={availability} />}
              value={values.username}
              onChange={(event) => change("username", event.currentTarget.value)}
              onBlur={() => blur("username")}
              error={shownError("username")}
              data-testid="employee-username"
            />
            <UsernameStatus availability={availability} onPick={pickSuggestion} />
          </Stack>
          <PinInput
            label={t("employee.pin")}
            description={t("employee.pinHint", { min: PIN_MIN_LENGTH, max: PIN_MAX_LENGTH })}
            required
            value={values.pin}
            onChange={(pin) => change("pin", pin)}
            onBlur={() => blur("pin")}
            error={shownError("pin")}
            data-testid="employee-pin"
          />
          <FormError message={formError} />
          <Button type="submit" fullWidth size="md" loading={submitting} disabled={!canSubmit && !submitting} data-testid="employee-submit">
            {t("employee.submit")}
          </Button>
        </Stack>
      </form>
      <BackToSignIn goTo={goTo} />
    </Stack>
  );
}

function AvailabilityIcon({ availability }: { availability: UsernameAvailability }) {
  switch (availability.status) {
    case "checking":
      return <Loader size={14} aria-hidden />;
    case "available":
      return <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />;
    case "unavailable":
      return <IconX size={16} color="var(--mantine-color-red-6)" aria-hidden />;
    default:
      return null;
  }
}

function UsernameStatus({ availability, onPick }: { availability: UsernameAvailability; onPick(username: string): void }) {
  const { t } = useTranslation("auth");
  // One live region for every state, so screen readers hear checking → available / taken.
  let content = null;
  if (availability.status === "checking") {
    content = (
      <Text size="xs" c="dimmed">
        {t("employee.checking")}
      </Text>
    );
  } else if (availability.status === "error") {
    content = (
      <Text size="xs" c="orange">
        {t("employee.checkFailed")}
      </Text>
    );
  } else if (availability.status === "available") {
    content = (
      <Text size="xs" c="teal" fw={500}>
        {translateEmployeeMessage(t, availability.message)}
      </Text>
    );
  } else if (availability.status === "unavailable") {
    content = (
      <Stack gap={6}>
        <Text size="xs" c="red" fw={500}>
          {translateEmployeeMessage(t, availability.message)}
        </Text>
        {availability.suggestions.length > 0 ? (
          <Group gap={6} align="center">
            <Text size="xs" c="dimmed">
              {t("employee.suggestions")}
            </Text>
            {availability.suggestions.map((suggestion) => (
              <Button
                key={suggestion}
                type="button"
                size="compact-xs"
                variant="light"
                radius="sm"
                onClick={() => onPick(suggestion)}
                aria-label={t("employee.useSuggestion", { username: suggestion })}
                data-testid="employee-username-suggestion"
              >
                {suggestion}
              </Button>
            ))}
          </Group>
        ) : null}
      </Stack>
    );
  }
  return (
    <div aria-live="polite" data-testid="employee-username-status" data-status={availability.status}>
      {content}
    </div>
  );
}
