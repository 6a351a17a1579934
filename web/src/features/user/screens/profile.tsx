import { Alert, Avatar, Badge, Card, Group, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useQuery } from "../../../lib/hooks";

/** /user/profile: who is signed in — e-mail, role, global role and language. */
export default function ProfileScreen() {
  const { t } = useTranslation(["settings", "common"]);
  const user = useQuery(api.auth.loggedInUser);

  const roleLabel = (role: string | null | undefined, empty: string) =>
    role && role !== "UNASSIGNED" ? t(`common:roles.${role}`, { defaultValue: role }) : empty;
  const role = user?.companyRole ?? user?.role;

  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1} size="h2">
          {t("profile.title")}
        </Title>
        <Text c="dimmed" size="sm">
          {t("profile.subtitle")}
        </Text>
      </div>

      {user === null ? (
        <Alert color="yellow" icon={<IconInfoCircle aria-hidden />}>
          {t("profile.notFound")}
        </Alert>
      ) : (
        <Card withBorder radius="lg" padding="lg" shadow="xs">
          <Group gap="md" wrap="nowrap" mb="md">
            <Avatar size="lg" radius="xl" color="initials" name={user?.email ?? undefined} alt="" />
            <Stack gap={2} miw={0}>
              {user ? (
                <>
                  <Text fw={600} size="lg" truncate="end" data-testid="profile-email">
                    {user.email ?? t("profile.guest")}
                  </Text>
                  <Group gap={6}>
                    <Badge variant="light">{roleLabel(role, t("profile.noRole"))}</Badge>
                    {user.globalRole ? (
                      <Badge variant="light" color="grape">
                        {roleLabel(user.globalRole, "")}
                      </Badge>
                    ) : null}
                  </Group>
                </>
              ) : (
                <>
                  <Skeleton height={20} width={220} />
                  <Skeleton height={16} width={120} mt={6} />
                </>
              )}
            </Stack>
          </Group>

          <Table variant="vertical" layout="fixed" withRowBorders aria-busy={user === undefined}>
            <Table.Tbody>
              <Row label={t("profile.email")} value={user ? (user.email ?? t("profile.guest")) : undefined} testId="profile-email-value" />
              <Row label={t("profile.role")} value={user ? roleLabel(role, t("profile.noRole")) : undefined} testId="profile-role" />
              <Row
                label={t("profile.globalRole")}
                value={user ? roleLabel(user.globalRole, t("profile.none")) : undefined}
                testId="profile-global-role"
              />
              <Row
                label={t("profile.language")}
                value={
                  user
                    ? user.language === "es"
                      ? t("common:language.spanish")
                      : user.language === "en"
                        ? t("common:language.english")
                        : t("profile.notSet")
                    : undefined
                }
                testId="profile-language"
              />
            </Table.Tbody>
          </Table>
        </Card>
      )}
    </Stack>
  );
}

function Row({ label, value, testId }: { label: string; value: string | undefined; testId: string }) {
  return (
    <Table.Tr>
      <Table.Th w={{ base: 120, sm: 180 }}>{label}</Table.Th>
      <Table.Td data-testid={testId}>{value === undefined ? <Skeleton height={14} width="60%" /> : value}</Table.Td>
    </Table.Tr>
  );
}
