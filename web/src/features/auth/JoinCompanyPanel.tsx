import { Button, PasswordInput, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconLock, IconMail, IconUserPlus } from "@tabler/icons-react";
import { validatePassword, validatePasswordConfirmation } from "@tumble/domain/employeeForm";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/companyRefusals";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { errorText } from "../../lib/errorText";
import { useAuth } from "../../lib/auth";
import { runMutation } from "../../lib/client";
import { notifyError, notifySuccess } from "../../lib/notify";
import type { FinderCompany } from "../../ui/companyFinder/CompanyCard";
import { CompanyFinder } from "../../ui/companyFinder/CompanyFinder";
import { BackToSignIn, FormError, LinkButton, type ModeProps } from "./AuthParts";
import { MIN_PASSWORD_LENGTH, normaliseEmail } from "./authErrors";
import { useAuthSubmit } from "./useAuthSubmit";

/**
 * The joinCompany mode: the company finder itself (search by name or code), then an account and
 * the join request in one step.
 */
export default function JoinCompanyPanel(props: ModeProps) {
  const { t } = useTranslation("auth");
  return (
    <Stack gap="md" data-testid="join-company">
      <CompanyFinder embedded requestForm={(company) => <JoinSignUpForm key={company._id} company={company} {...props} />} />
      <Text size="sm" c="dimmed" ta="center">
        {t("joinCompany.employeeHint")} <LinkButton onClick={() => props.goTo("employeeSignUp")}>{t("links.employeeRegistration")}</LinkButton>
      </Text>
      <BackToSignIn goTo={props.goTo} />
    </Stack>
  );
}

function JoinSignUpForm({ company, email, setEmail, goTo }: ModeProps & { company: FinderCompany }) {
  const { t } = useTranslation(["auth", "admin"]);
  const { signIn } = useAuth();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [message, setMessage] = useState("");
  const { submitting, errors, hint, submit, clearError, emailError, passwordError } = useAuthSubmit("joinCompany");
  const name = company.displayName || company.name;

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
        // Signed in from here on: the account exists even if the request fails, and My requests
        // offers the finder again.
        try {
          const result = await runMutation(api.companyJoinRequests.requestToJoin, { companyId: company._id, message: message.trim() || undefined });
          notifySuccess(result.status === "APPROVED" ? t("admin:finder.joined", { name }) : t("admin:finder.requestSent", { name }));
        } catch (error) {
          notifyError(errorText(error, t("admin:finder.requestFailed")));
        }
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {t("joinCompany.createAccountFor", { name })}
        </Text>
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
          data-testid="join-email"
        />
        {hint === "signInInstead" ? (
          <Text size="sm" c="dimmed" mt={-4}>
            {t("joinCompany.signInInstead")} <LinkButton onClick={() => goTo("signIn")}>{t("actions.signIn")}</LinkButton>
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
          data-testid="join-password"
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
          data-testid="join-confirm-password"
        />
        <Textarea
          label={t("admin:finder.message")}
          placeholder={t("admin:finder.messagePlaceholder")}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
          maxRows={5}
        />
        <Text size="sm" c="dimmed">
          {company.requireApproval ? t("admin:finder.needsApproval") : t("admin:finder.joinsAtOnce")}
        </Text>
        <FormError message={errors.form} />
        <Button type="submit" fullWidth size="md" loading={submitting} leftSection={<IconUserPlus size={18} aria-hidden />} data-testid="join-submit">
          {t("joinCompany.submit")}
        </Button>
      </Stack>
    </form>
  );
}
