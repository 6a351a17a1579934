import { useCallback, useEffect, useRef, useState } from "react";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { notifyError } from "../../lib/notify";
import type { PasswordErrorKey } from "@tumble/domain/employeeForm";
import { emailErrorKey, mapAuthError, MIN_PASSWORD_LENGTH, type AuthErrorView, type AuthField, type AuthMode } from "./authErrors";

export type FieldErrors = Partial<Record<AuthField, string>>;

/** Submission state of one auth form: busy flag, inline errors and the server-error mapping. */
export function useAuthSubmit(mode: AuthMode) {
  const { t } = useTranslation("auth");
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [hint, setHint] = useState<AuthErrorView["hint"]>();
  const shownNotices = useRef<string[]>([]);

  // Error notices of this form go once the form is gone (after a successful sign-in).
  useEffect(
    () => () => {
      for (const id of shownNotices.current) notifications.hide(id);
    },
    [],
  );

  const clearError = useCallback((field: AuthField) => {
    setErrors((current) => (current[field] || current.form ? { ...current, [field]: undefined, form: undefined } : current));
    setHint(undefined);
  }, []);

  /** Runs `task` unless `validation` found errors; maps a thrown server error to field + toast. */
  const submit = useCallback(
    async (validation: FieldErrors, task: () => Promise<void>) => {
      const invalid = Object.fromEntries(Object.entries(validation).filter(([, value]) => value)) as FieldErrors;
      setHint(undefined);
      if (Object.keys(invalid).length > 0) {
        setErrors(invalid);
        return;
      }
      setErrors({});
      setSubmitting(true);
      try {
        await task();
      } catch (error) {
        const view = mapAuthError(extractErrorMessage(error, ""), mode);
        const message = t(`errors.${view.key}`);
        setErrors({ [view.field]: message });
        setHint(view.hint);
        shownNotices.current.push(notifyError(message));
      } finally {
        setSubmitting(false);
      }
    },
    [mode, t],
  );

  /** The translated problem with an e-mail, if any. */
  const emailError = useCallback(
    (email: string) => {
      const key = emailErrorKey(email);
      return key ? t(`errors.${key}`) : undefined;
    },
    [t],
  );

  /** The translated password rule a value broke, if any. */
  const passwordError = useCallback((key: PasswordErrorKey | null) => (key ? t(`errors.${key}`, { min: MIN_PASSWORD_LENGTH }) : undefined), [t]);

  return { submitting, errors, hint, submit, clearError, emailError, passwordError };
}
