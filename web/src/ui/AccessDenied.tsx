import { Center, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { ACCESS_ACTIONS, accessDeniedMessage, type PermissionFlag } from "@tumble/domain/permissions";
import { useTranslation } from "react-i18next";

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
  const { t } = useTranslation("admin");
  const message = useAccessDeniedMessage({ flag, reason, insufficientFor });
  return (
    <Center p={{ base: "md", sm: "xl" }} mih={280}>
      <Paper withBorder radius="lg" p="xl" maw={480} w="100%" role="alert" data-testid="access-denied">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" color="red" variant="light">
            <IconLock size={30} aria-hidden />
          </ThemeIcon>
          <Title order={2} size="h3">
            {t("accessDenied.title")}
          </Title>
          <Text c="dimmed" data-testid="access-denied-message">
            {message}
          </Text>
        </Stack>
      </Paper>
    </Center>
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
