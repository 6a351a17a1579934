import { Button, Divider, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconKey, IconLock, IconMail, IconUserCircle } from "@tabler/icons-react";
import { validatePassword, validatePasswordConfirmation } from "@tumble/domain/employeeForm";
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../lib/auth";
import { LoadingState } from "../../ui/Loading";
import { notifySuccess } from "../../lib/notify";
import { BackToSignIn, FormError, LinkButton, type ModeProps } from "./AuthParts";
import { MIN_PASSWORD_LENGTH, normaliseEmail, type AuthMode } from "./authErrors";
import { EmployeeSignUpForm } from "./EmployeeSignUpForm";
import { useAuthSubmit } from "./useAuthSubmit";

export type { AuthMode } from "./authErrors";

// The finder (and its select and search) loads only when the join mode opens.
const JoinCompanyPanel = lazy(() => import("./JoinCompanyPanel"));

/** Reset codes are 6 digits (docs/decisions/0003-sessions-and-tokens.md). */
const RESET_CODE_LENGTH = 6;

/**
 * The one authentication card: sign in, create an account, request and use a password reset
 * code, find a company to join, and employee registration.
 */
export function AuthCard({ initialMode = "signIn" }: { initialMode?: AuthMode }) {
  const { t } = useTranslation("auth");
  // The welcome e-mail of an employee registration links here with ?setPassword=<e-mail>: the code
  // it carries sets their first password (the reset form).
  const [linked] = useState(() => (typeof window === "undefined" ? null : new URLSearchParams(window.location.search).get("setPassword")));
  const [mode, setMode] = useState<AuthMode>(linked ? "resetPassword" : initialMode);
  const [email, setEmail] = useState(linked ?? "");
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Moving between modes puts focus on the new heading, so screen readers announce it.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    titleRef.current?.focus();
  }, [mode]);

  const props: ModeProps = { email, setEmail, goTo: setMode };

  return (
    <Paper component="section" withBorder shadow="md" radius="lg" p={{ base: "lg", sm: "xl" }} w="100%" aria-labelledby={titleId} data-mode={mode}>
      <Stack gap="lg">
        <div>
          <Title order={2} size="h3" id={titleId} ref={titleRef} tabIndex={-1} style={{ outline: "none" }}>
            {t(`modes.${mode}.title`)}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {mode === "resetPassword" ? t("modes.resetPassword.description", { email }) : t(`modes.${mode}.description`)}
          </Text>
        </div>
        {renderMode(mode, props)}
      </Stack>
    </Paper>
  );
}

function renderMode(mode: AuthMode, props: ModeProps): ReactNode {
  switch (mode) {
    case "signIn":
      return <SignInForm {...props} />;
    case "signUp":
      return <SignUpForm {...props} />;
    case "forgotPassword":
      return <ForgotPasswordForm {...props} />;
    case "resetPassword":
      return <ResetPasswordForm {...props} />;
    case "joinCompany":
      return (
        <Suspense fallback={<LoadingState />}>
          <JoinCompanyPanel {...props} />
        </Suspense>
      );
    case "employeeSignUp":
      return <EmployeeSignUpForm {...props} />;
  }
}

function SignInForm({ email, setEmail, goTo }: ModeProps) {
  const { t } = useTranslation("auth");
  const { signIn } = useAuth();
  const [password, setPassword] = useState("");
  const [guestBusy, setGuestBusy] = useState(false);
  const { submitting, errors, hint, submit, clearError, emailError } = useAuthSubmit("signIn");
  const guest = useAuthSubmit("signIn");

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = normaliseEmail(email);
    void submit(
      {
        email: emailError(email),
        password: !password ? t("errors.passwordRequired") : undefined,
      },
      async () => {
        await signIn("password", { email: address, password, flow: "signIn" });
      },
    );
  };

  const continueAsGuest = () => {
    setGuestBusy(true);
    void guest
      .submit({}, async () => {
        await signIn("anonymous");
      })
      .finally(() => setGuestBusy(false));
  };

  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t("fields.email")}
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            leftSection={<IconMail size={16} aria-hidden />}
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              clearError("email");
            }}
            error={errors.email}
            data-testid="signin-email"
          />
          {hint === "tryEmployeeRegistration" ? (
            <Text size="sm" c="dimmed" mt={-4}>
              {t("hints.tryEmployeeRegistration")} <LinkButton onClick={() => goTo("employeeSignUp")}>{t("links.employeeRegistration")}</LinkButton>
            </Text>
          ) : null}
          <PasswordInput
            label={t("fields.password")}
            autoComplete="current-password"
            required
            leftSection={<IconLock size={16} aria-hidden />}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              clearError("password");
            }}
            error={errors.password}
            aria-invalid={!!errors.password}
            data-testid="signin-password"
          />
          <Stack align="flex-end" gap={0}>
            <LinkButton onClick={() => goTo("forgotPassword")} testId="signin-forgot-password">
              {t("links.forgotPassword")}
            </LinkButton>
          </Stack>
          <FormError message={errors.form} />
          <Button type="submit" fullWidth size="md" loading={submitting} disabled={guestBusy} data-testid="signin-submit">
            {t("actions.signIn")}
          </Button>
        </Stack>
      </form>

      <Divider label={t("or")} labelPosition="center" />

      <Button
        variant="default"
        fullWidth
        leftSection={<IconUserCircle size={18} aria-hidden />}
        loading={guestBusy}
        disabled={submitting}
        onClick={continueAsGuest}
        data-testid="signin-guest"
      >
        {t("actions.continueAsGuest")}
      </Button>
      <FormError message={guest.errors.form} />

      <Stack gap={4} align="center">
        <Text size="sm" c="dimmed" ta="center">
          {t("links.noAccount")}{" "}
          <LinkButton onClick={() => goTo("signUp")} testId="signin-create-account">
            {t("links.createAccount")}
          </LinkButton>
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          {t("links.areYouEmployee")}{" "}
          <LinkButton onClick={() => goTo("employeeSignUp")} testId="signin-employee-registration">
            {t("links.employeeRegistration")}
          </LinkButton>
        </Text>
        <Text size="xs" c="dimmed" ta="center" data-testid="signin-employee-password-hint">
          {t("hints.employeePassword")}
        </Text>
      </Stack>
    </Stack>
  );
}

function SignUpForm({ email, setEmail, goTo }: ModeProps) {
  const { t } = useTranslation("auth");
  const { signIn } = useAuth();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const { submitting, errors, hint, submit, clearError, emailError, passwordError } = useAuthSubmit("signUp");

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = normaliseEmail(email);
    void submit(
      {
        email: emailError(email),
        password: passwordError(validatePassword(password)),
        confirm: passwordError(validatePasswordConfirmation(password, confirm)),
      },
      async () => {
        await signIn("password", { email: address, password, flow: "signUp" });
      },
    );
  };

  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} noValidate>
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
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              clearError("email");
            }}
            error={errors.email}
            data-testid="signup-email"
          />
          {hint === "signInInstead" ? (
            <Text size="sm" c="dimmed" mt={-4}>
              {t("hints.signInInstead")} <LinkButton onClick={() => goTo("signIn")}>{t("actions.signIn")}</LinkButton>
            </Text>
          ) : null}
          <PasswordInput
            label={t("fields.password")}
            description={t("hints.passwordLength", { min: MIN_PASSWORD_LENGTH })}
            autoComplete="new-password"
            required
            leftSection={<IconLock size={16} aria-hidden />}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              clearError("password");
            }}
            error={errors.password}
            aria-invalid={!!errors.password}
            data-testid="signup-password"
          />
          <PasswordInput
            label={t("fields.confirmPassword")}
            autoComplete="new-password"
            required
            leftSection={<IconLock size={16} aria-hidden />}
            value={confirm}
            onChange={(event) => {
              setConfirm(event.currentTarget.value);
              clearError("confirm");
            }}
            error={errors.confirm}
            aria-invalid={!!errors.confirm}
            data-testid="signup-confirm-password"
          />
          <FormError message={errors.form} />
          <Button type="submit" fullWidth size="md" loading={submitting} data-testid="signup-submit">
            {t("actions.createAccount")}
          </Button>
        </Stack>
      </form>
      <Stack gap={4} align="center">
        <Text size="sm" c="dimmed" ta="center">
          {t("links.haveAccount")} <LinkButton onClick={() => goTo("signIn")}>{t("links.backToSignIn")}</LinkButton>
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          {t("links.joiningCompany")} <LinkButton onClick={() => goTo("joinCompany")}>{t("links.findCompany")}</LinkButton>
        </Text>
      </Stack>
    </Stack>
  );
}

function ForgotPasswordForm({ email, setEmail, goTo }: ModeProps) {
  const { t } = useTranslation("auth");
  const { signIn } = useAuth();
  const { submitting, errors, submit, clearError, emailError } = useAuthSubmit("forgotPassword");

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = normaliseEmail(email);
    void submit({ email: emailError(email) }, async () => {
      await signIn("password", { email: address, flow: "reset" });
      setEmail(address);
      notifySuccess(t("notices.codeSent", { email: address }));
      goTo("resetPassword");
    });
  };

  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t("fields.email")}
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            leftSection={<IconMail size={16} aria-hidden />}
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              clearError("email");
            }}
            error={errors.email}
            data-testid="forgot-email"
          />
          <FormError message={errors.form} />
          <Button type="submit" fullWidth size="md" loading={submitting} data-testid="forgot-submit">
            {t("actions.sendCode")}
          </Button>
        </Stack>
      </form>
      <BackToSignIn goTo={goTo} />
    </Stack>
  );
}

function ResetPasswordForm({ email, goTo }: ModeProps) {
  const { t } = useTranslation("auth");
  const { signIn } = useAuth();
  const [code, setCode] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const { submitting, errors, submit, clearError, passwordError } = useAuthSubmit("resetPassword");

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmedCode = code.trim();
    void submit(
      {
        code: !trimmedCode ? t("errors.codeRequired") : undefined,
        password: passwordError(validatePassword(newPassword)),
      },
      async () => {
        const result = await signIn("password", {
          email: normaliseEmail(email),
          code: trimmedCode,
          newPassword,
          flow: "reset-verification",
        });
        if (result.signingIn) {
          notifySuccess(t("notices.passwordResetSignedIn"));
        } else {
          notifySuccess(t("notices.passwordReset"));
          goTo("signIn");
        }
      },
    );
  };

  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t("fields.code")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={RESET_CODE_LENGTH}
            required
            leftSection={<IconKey size={16} aria-hidden />}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value.replace(/\D/g, "").slice(0, RESET_CODE_LENGTH));
              clearError("code");
            }}
            error={errors.code}
            data-testid="reset-code"
          />
          <PasswordInput
            label={t("fields.newPassword")}
            description={t("hints.passwordLength", { min: MIN_PASSWORD_LENGTH })}
            autoComplete="new-password"
            required
            leftSection={<IconLock size={16} aria-hidden />}
            value={newPassword}
            onChange={(event) => {
              setNewPassword(event.currentTarget.value);
              clearError("password");
            }}
            error={errors.password}
            aria-invalid={!!errors.password}
            data-testid="reset-new-password"
          />
          <FormError message={errors.form} />
          <Button type="submit" fullWidth size="md" loading={submitting} data-testid="reset-submit">
            {t("actions.resetPassword")}
          </Button>
        </Stack>
      </form>
      <Text size="sm" c="dimmed" ta="center">
        {t("links.noCode")} <LinkButton onClick={() => goTo("forgotPassword")}>{t("links.sendAgain")}</LinkButton>
      </Text>
      <BackToSignIn goTo={goTo} />
    </Stack>
  );
}
