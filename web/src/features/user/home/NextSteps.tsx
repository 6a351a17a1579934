import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconArrowRight, IconBuildingStore, IconHourglass, IconLogout, IconShieldLock, IconUserCircle } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useAuth } from "../../../lib/auth";
import { useQueryState } from "../../../lib/hooks";
import { JOIN_STEP_ID } from "../../../ui/AccessDenied";
import { CompanyFinder } from "../../../ui/companyFinder/CompanyFinder";
import { formatDateTime } from "../../../ui/companyFinder/format";
import { CancelJoinRequestButton } from "../requests/CancelJoinRequestButton";
import { nextStepFor, waitingRequests, type NextStep } from "./nextSteps";

/** The step someone without a company should take next (nextSteps.ts), or null. */
export function useNextStep(): NextStep | null {
  const user = useQueryState(api.auth.loggedInUser).data;
  const memberships = useQueryState(api.companies.getUserCompanyMemberships).data;
  const role = useQueryState(api.auth.getUserCompanyRole).data;
  return nextStepFor({ user, memberships, isSystemAdmin: role?.permissions.isSystemAdmin });
}

/** The top of the home for someone without a company: what to do next, with the means to do it. */
export function NextSteps() {
  const step = useNextStep();
  if (step === "guest") return <GuestStep />;
  if (step === "systemConsole") return <ConsoleStep />;
  if (step === "join") return <JoinStep />;
  return null;
}

function StepCard({ id, step, icon, title, children }: { id?: string; step: NextStep; icon: ReactNode; title: string; children: ReactNode }) {
  const { t } = useTranslation("navigation");
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  // A denied screen links here by its hash; the step appears once the queries answer, after the
  // router has looked for it, so it brings itself into view.
  useEffect(() => {
    if (id && window.location.hash === `#${id}`) ref.current?.scrollIntoView({ block: "start" });
  }, [id]);
  return (
    <Paper
      ref={ref}
      component="section"
      id={id}
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      p="lg"
      shadow="sm"
      style={{ borderColor: "var(--mantine-primary-color-filled)", borderWidth: 2, scrollMarginTop: "var(--app-shell-header-offset, 0px)" }}
      data-testid="next-step"
      data-step={step}
    >
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="xl" variant="light" visibleFrom="xs">
          {icon}
        </ThemeIcon>
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
          <div>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              {t("home.nextSteps.title")}
            </Text>
            <Title order={2} size="h3" id={titleId}>
              {title}
            </Title>
          </div>
          {children}
        </Stack>
      </Group>
    </Paper>
  );
}

function GuestStep() {
  const { t } = useTranslation("navigation");
  const { signOut } = useAuth();
  const [leaving, setLeaving] = useState(false);
  return (
    <StepCard id={JOIN_STEP_ID} step="guest" icon={<IconUserCircle size={26} aria-hidden />} title={t("home.nextSteps.guest.title")}>
      <Text>{t("home.nextSteps.guest.body")}</Text>
      <Text size="sm" c="dimmed">
        {t("home.nextSteps.guest.how")}
      </Text>
      <Group>
        <Button
          leftSection={<IconLogout size={18} aria-hidden />}
          loading={leaving}
          onClick={() => {
            // A guest session holds nothing to keep: signing out shows the sign-in card, which
            // offers Create account and Find a company.
            setLeaving(true);
            void signOut().finally(() => setLeaving(false));
          }}
          data-testid="next-step-create-account"
        >
          {t("home.nextSteps.guest.action")}
        </Button>
      </Group>
    </StepCard>
  );
}

function ConsoleStep() {
  const { t } = useTranslation("navigation");
  return (
    <StepCard step="systemConsole" icon={<IconShieldLock size={26} aria-hidden />} title={t("home.nextSteps.console.title")}>
      <Text>{t("home.nextSteps.console.body")}</Text>
      <Group>
        <Button component={Link} to="/system-admin/dashboard" rightSection={<IconArrowRight size={18} aria-hidden />} data-testid="next-step-console">
          {t("home.nextSteps.console.action")}
        </Button>
      </Group>
    </StepCard>
  );
}

function JoinStep() {
  const { t } = useTranslation(["navigation", "admin"]);
  const waiting = waitingRequests(useQueryState(api.companyJoinRequests.getUserPendingRequests).data);
  return (
    <StepCard id={JOIN_STEP_ID} step="join" icon={<IconBuildingStore size={26} aria-hidden />} title={t("home.nextSteps.join.title")}>
      {waiting.length > 0 ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("home.nextSteps.waiting.list")}>
          {waiting.map((request) => (
            <Paper key={request._id} component="li" withBorder radius="md" p="sm" data-testid="next-step-waiting" data-company={request.companyName}>
              <Group gap="sm" wrap="nowrap" justify="space-between">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <ThemeIcon variant="light" color="yellow" radius="xl">
                    <IconHourglass size={18} aria-hidden />
                  </ThemeIcon>
                  <Stack gap={0} miw={0}>
                    <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                      {t("home.nextSteps.waiting.title", { company: request.companyName })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t("home.nextSteps.waiting.since", { date: formatDateTime(request.requestedAt) })}
                    </Text>
                  </Stack>
                </Group>
                <CancelJoinRequestButton requestId={request._id} companyName={request.companyName} />
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : null}
      <Text>{t("home.nextSteps.join.body")}</Text>
      {/* The same finder as the sign-in card's Find a company and My requests; this card has the heading. */}
      <CompanyFinder embedded />
    </StepCard>
  );
}
