import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconArrowRight, IconLock } from "@tabler/icons-react";
import { ACCESS_ACTIONS, accessDeniedMessage, FLAG_ROLES, isPlatformFlag, type PermissionFlag } from "@tumble/domain/permissions";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { api } from "../lib/api";
import { useQueryState } from "../lib/hooks";

/** The id of the home's next step (join a company, or a guest's way to an account), which denials link to. */
export const JOIN_STEP_ID = "join-company";

/** The fixed denial messages of spec section 6, for screens that deny inline. */
export type AccessDeniedReason = "adminCollections" | "emailTemplates" | "emailDashboard" | "systemAdmin";

export interface AccessDeniedProps {
  /** The missing permission flag: "You don't have permission to {action}" ('this feature' if unknown). */
  flag?: PermissionFlag | string | null;
  /** One of the fixed messages; wins over `flag`. */
  reason?: AccessDeniedReason;
  /** 'Insufficient permissions for {subject}'; wins over `flag`. */
  insufficientFor?: string;
}

/** The 'Access Denied' panel: a lock, the title and why. */
export function AccessDenied({ flag, reason, insufficientFor }: AccessDeniedProps) {
  const { t, i18n } = useTranslation(["admin", "common"]);
  const message = useAccessDeniedMessage({ flag, reason, insufficientFor });
  // Who holds the permission, so the person at the counter knows whom to ask (spec section 6 mapping).
  const roles = flag && Object.hasOwn(FLAG_ROLES, flag) && flag !== "hasCompanyMembership" && flag !== "isMember" ? FLAG_ROLES[flag as PermissionFlag] : [];
  const who = roles.length
    ? new Intl.ListFormat(i18n.language, { type: "disjunction" }).format(roles.map((r) => t(`common:roles.${r}`, { defaultValue: r })))
    : null;
  return (
    <Center p={{ base: "md", sm: "xl" }} mih={280}>
      <Paper withBorder radius="lg" p="xl" maw={480} w="100%" role="alert" data-testid="access-denied">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" color="red" variant="light">
            <IconLock size={30} aria-hidden />
          </ThemeIcon>
          <Title order={1} size="h3">
            {t("accessDenied.title")}
          </Title>
          <Text c="dimmed" data-testid="access-denied-message">
            {message}
          </Text>
          {who ? (
            <Text size="sm" data-testid="access-denied-who">
              {t("accessDenied.whoCan", { roles: who })}
            </Text>
          ) : null}
          <NoCompanyNextStep
            platformOnly={reason === "systemAdmin" || (!!flag && Object.hasOwn(ACCESS_ACTIONS, flag) && isPlatformFlag(flag as PermissionFlag))}
          />
        </Stack>
      </Paper>
    </Center>
  );
}

/**
 * Without a company, no role would open a company screen: the way out is to join one (a guest,
 * to create an account first), so the panel names that step and links to it on the home. A
 * platform-only denial (the system console) is not about a company and gets no such step.
 */
function NoCompanyNextStep({ platformOnly }: { platformOnly: boolean }) {
  const { t } = useTranslation("admin");
  const role = useQueryState(api.auth.getUserCompanyRole).data;
  const user = useQueryState(api.auth.loggedInUser).data;
  if (platformOnly || !role || role.companyId || !user) return null;
  const guest = user.isAnonymous;
  return (
    <Stack gap="xs" align="center" data-testid="access-denied-next-step">
      <Text size="sm">{guest ? t("accessDenied.nextStep.guest") : t("accessDenied.nextStep.noCompany")}</Text>
      <Button component={Link} to="/user/profile" hash={JOIN_STEP_ID} variant="light" rightSection={<IconArrowRight size={16} aria-hidden />}>
        {guest ? t("accessDenied.nextStep.createAccount") : t("accessDenied.nextStep.join")}
      </Button>
    </Stack>
  );
}

/** The translated denial message; English follows `accessDeniedMessage` of packages/domain. */
export function useAccessDeniedMessage({ flag, reason, insufficientFor }: AccessDeniedProps): string {
  const { t } = useTranslation("admin");
  if (reason) return t(`accessDenied.reasons.${reason}`);
  if (insufficientFor !== undefined) return t("accessDenied.insufficient", { subject: insufficientFor });
  const known = flag && Object.hasOwn(ACCESS_ACTIONS, flag) ? (flag as PermissionFlag) : null;
  const action = known ? t(`accessDenied.actions.${known}`, { defaultValue: ACCESS_ACTIONS[known] }) : t("accessDenied.actions.default");
  return t("accessDenied.permission", { action, defaultValue: accessDeniedMessage(known ?? undefined) });
}
