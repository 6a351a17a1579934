import { Alert, Badge, Card, Divider, Group, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBuildingStore, IconIdBadge2, IconInfoCircle, IconUserQuestion } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useQuery } from "../../../lib/hooks";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { ClockCard } from "./ClockCard";
import { LinkProfileForm } from "./LinkProfileForm";
import { MyShifts } from "./MyShifts";
import type { LinkRequest, OwnEmployment } from "./types";
import { WeekEntries } from "./WeekEntries";

/** /user/employment: the signed-in member's own employee profile, the clock with phone punches, and this week's hours. */
export function EmploymentScreen() {
  const { t } = useTranslation("employment");
  const me = useQuery(api.employment.me, {});

  return (
    <Stack gap="md" maw={1100}>
      <ScreenTitle title={t("title")} subtitle={t("subtitle")} />
      {me === undefined ? (
        <Stack gap="sm">
          <Skeleton height={120} radius="md" />
          <Skeleton height={160} radius="md" />
        </Stack>
      ) : me.employee === null ? (
        <NoProfile request={me.linkRequest} />
      ) : (
        <Profile me={me as OwnEmployment} />
      )}
    </Stack>
  );
}

function NoProfile({ request }: { request: LinkRequest | null }) {
  const { t } = useTranslation("employment");
  return (
    <Card withBorder radius="md" p="lg" maw={640} data-testid="no-employee-profile">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
          <IconUserQuestion size={26} />
        </ThemeIcon>
        <Stack gap={6}>
          <Title order={2} size="h4">
            {t("noProfile.title")}
          </Title>
          <Text size="sm">{t("noProfile.body")}</Text>
          <Text size="sm" c="dimmed">
            {t("noProfile.next")}
          </Text>
          <Divider my="xs" />
          <LinkProfileForm request={request} />
        </Stack>
      </Group>
    </Card>
  );
}

function Profile({ me }: { me: OwnEmployment }) {
  const { t } = useTranslation("employment");
  const { employee } = me;
  const active = employee.status === "active";
  return (
    <>
      {!active ? (
        <Alert
          color={employee.status === "pending" ? "blue" : "gray"}
          icon={<IconInfoCircle size={20} aria-hidden />}
          maw={720}
          data-testid="profile-status-note"
        >
          {t(`statusNote.${employee.status}`)}
        </Alert>
      ) : null}
      <Card withBorder radius="md" p="md" data-testid="profile-card">
        <Group align="flex-start" gap="md" wrap="nowrap">
          <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
            <IconIdBadge2 size={26} />
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs">
              <Title order={2} size="h4" data-testid="employee-name">
                {employee.name}
              </Title>
              <Badge variant="light" color={active ? "teal" : "gray"}>
                {t(`status.${employee.status}`)}
              </Badge>
            </Group>
            <Text size="sm">
              {employee.position || t("profile.noPosition")}
              <Text span c="dimmed" size="sm">
                {" · "}
                {t("profile.username", { username: employee.username })}
              </Text>
            </Text>
            <Text size="sm" fw={600} mt={6}>
              {t("profile.stores")}
            </Text>
            {me.stores.length ? (
              <Stack gap={4} role="list" aria-label={t("profile.stores")}>
                {me.stores.map((s) => (
                  <Group key={s._id} gap="xs" role="listitem" wrap="nowrap" align="flex-start" data-testid="employee-store">
                    <IconBuildingStore size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm">{s.name}</Text>
                      {s.zoneRadiusMeters !== null ? (
                        <Text size="xs" c="teal">
                          {t("profile.zone", { radius: s.zoneRadiusMeters })}
                        </Text>
                      ) : (
                        <Text size="xs" c={me.outsideZone === "flag" ? "yellow.8" : "dimmed"}>
                          {t(me.outsideZone === "flag" ? "profile.noZoneFlag" : "profile.noZoneRefuse")}
                        </Text>
                      )}
                    </div>
                  </Group>
                ))}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t("profile.noStores")}
              </Text>
            )}
          </Stack>
        </Group>
      </Card>
      <ClockCard me={me} />
      <MyShifts />
      <WeekEntries me={me} />
    </>
  );
}
