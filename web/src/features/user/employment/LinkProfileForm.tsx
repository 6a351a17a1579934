import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, ThemeIcon } from "@mantine/core";
import { schemaResolver, useForm, type FormErrors } from "@mantine/form";
import { IconHourglassHigh, IconLink, IconMailCheck, IconRefresh, IconX } from "@tabler/icons-react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatInstantDate } from "@tumble/domain/dateFormat";
import { confirmLinkSchema, linkProfileSchema, localizeEmploymentMessage, type ConfirmLinkValues, type LinkProfileValues } from "@tumble/domain/employment";
import { api } from "../../../lib/api";
import { useAction, useMutation } from "../../../lib/hooks";
import { currentLanguage } from "../../../lib/i18n";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { punchErrorText } from "./messages";
import type { LinkRequest } from "./types";

// Linking the signed-in account to the profile a manager made (issue 31): the kiosk username and
// PIN first; then the code e-mailed to the profile's address, or a manager's approval when the
// profile has none. Which step shows follows the request employment:me reports, so a reload or
// another tab lands on the same step.

function localize(errors: FormErrors): FormErrors {
  const language = currentLanguage();
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [path, typeof message === "string" ? localizeEmploymentMessage(message, language) : message]),
  );
}

/** The step the person is at: their PIN, the e-mailed code, or waiting for a manager (a decline is said above the PIN). */
export function LinkProfileForm({ request }: { request: LinkRequest | null }) {
  if (request?.status === "pending" && request.method === "code") return <CodeStep key={request._id} request={request} />;
  if (request?.status === "pending") return <WaitingStep request={request} />;
  return (
    <Stack gap="sm">
      {request?.status === "declined" ? <Declined request={request} /> : null}
      <PinStep />
    </Stack>
  );
}

/** Step one: the kiosk username and PIN the manager gave. Links nothing by itself. */
function PinStep() {
  const { t } = useTranslation("employment");
  const link = useMutation(api.employment.link);
  const [saving, setSaving] = useState(false);
  const resolve = schemaResolver(linkProfileSchema, { sync: true });
  const form = useForm<LinkProfileValues>({ mode: "controlled", initialValues: { username: "", pin: "" }, validate: (values) => localize(resolve(values)) });

  const submit = async (values: LinkProfileValues) => {
    setSaving(true);
    try {
      const result = await link(linkProfileSchema.parse(values));
      notifySuccess(result.status === "codeSent" ? t("link.codeSentNotice", { address: result.sentTo }) : t("link.askedNotice"));
    } catch (error) {
      const message = punchErrorText(error, t("link.failed"));
      form.setFieldError("pin", message);
      notifyError(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate data-testid="link-profile-form">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t("link.title")}
        </Text>
        <Text size="sm" c="dimmed">
          {t("link.hint")}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t("link.username")} autoComplete="username" autoCapitalize="none" {...form.getInputProps("username")} />
          <PasswordInput label={t("link.pin")} inputMode="numeric" autoComplete="off" maxLength={20} {...form.getInputProps("pin")} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={saving} leftSection={<IconLink size={16} aria-hidden />} data-testid="link-profile">
            {t("link.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Step two on the code path: the code e-mailed to the profile's address links the account. */
function CodeStep({ request }: { request: LinkRequest }) {
  const { t } = useTranslation("employment");
  const confirm = useAction(api.employment.confirmLink);
  const [saving, setSaving] = useState(false);
  const resolve = schemaResolver(confirmLinkSchema, { sync: true });
  const form = useForm<ConfirmLinkValues>({ mode: "controlled", initialValues: { code: "" }, validate: (values) => localize(resolve(values)) });
  // The code stops working at expiresAt: the form gives way to "get a new code" then, not on the next try.
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (request.expiresAt === null) return;
    const timer = setTimeout(() => setExpired(true), Math.max(0, request.expiresAt - Date.now()));
    return () => clearTimeout(timer);
  }, [request.expiresAt]);
  const locked = request.triesLeft === 0;

  const submit = async (values: ConfirmLinkValues) => {
    setSaving(true);
    try {
      await confirm(confirmLinkSchema.parse(values));
      notifySuccess(t("link.done"));
    } catch (error) {
      const message = punchErrorText(error, t("link.failed"));
      form.setFieldError("code", message);
      notifyError(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="link-code-step">
      <StepHeading icon={<IconMailCheck size={18} />} title={t("link.codeTitle")} />
      <Text size="sm">{t("link.codeSent", { address: request.sentTo ?? "" })}</Text>
      {expired || locked ? (
        <Alert color="yellow" variant="light" data-testid="link-code-dead">
          {t(expired ? "link.codeExpired" : "link.codeLocked")}
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate data-testid="link-code-form">
          <Stack gap="xs">
            <TextInput
              label={t("link.code")}
              description={t("link.codeHint")}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              maw={260}
              {...form.getInputProps("code")}
              onChange={(event) => form.setFieldValue("code", event.currentTarget.value.replace(/\D/g, "").slice(0, 6))}
              data-testid="link-code"
            />
            <Group gap="xs">
              <Button type="submit" loading={saving} leftSection={<IconLink size={16} aria-hidden />} data-testid="confirm-link">
                {t("link.confirm")}
              </Button>
              <StartAgain label={t("link.startAgain")} icon={<IconRefresh size={16} aria-hidden />} />
            </Group>
          </Stack>
        </form>
      )}
      {expired || locked ? (
        <Group>
          <StartAgain label={t("link.newCode")} icon={<IconRefresh size={16} aria-hidden />} />
        </Group>
      ) : null}
    </Stack>
  );
}

/** The approval path: nothing to enter; a manager decides and the person is told by e-mail. */
function WaitingStep({ request }: { request: LinkRequest }) {
  const { t } = useTranslation("employment");
  return (
    <Stack gap="xs" data-testid="link-waiting">
      <StepHeading icon={<IconHourglassHigh size={18} />} title={t("link.waitingTitle")} />
      <Text size="sm">{t("link.waiting", { username: request.username, date: formatInstantDate(request.createdAt) })}</Text>
      <Group>
        <StartAgain label={t("link.withdraw")} icon={<IconX size={16} aria-hidden />} />
      </Group>
    </Stack>
  );
}

function Declined({ request }: { request: LinkRequest }) {
  const { t } = useTranslation("employment");
  return (
    <Alert color="red" variant="light" title={t("link.declinedTitle")} data-testid="link-declined">
      <Stack gap={4}>
        <Text size="sm">{t("link.declined", { username: request.username })}</Text>
        {request.reason ? <Text size="sm">{t("link.reason", { reason: request.reason })}</Text> : null}
      </Stack>
    </Alert>
  );
}

function StepHeading({ icon, title }: { icon: ReactNode; title: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={28} radius="xl" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text size="sm" fw={600}>
        {title}
      </Text>
    </Group>
  );
}

/** Withdraws the waiting request, back to the username and PIN. */
function StartAgain({ label, icon }: { label: string; icon: ReactNode }) {
  const { t } = useTranslation("employment");
  const cancel = useMutation(api.employment.cancelLink);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await cancel({});
    } catch (error) {
      notifyError(punchErrorText(error, t("link.failed")));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={icon} loading={busy} onClick={() => void run()} data-testid="link-start-again">
      {label}
    </Button>
  );
}
