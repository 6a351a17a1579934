import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import {
  IconAlertTriangle,
  IconBuildingBank,
  IconBuildingStore,
  IconCalendarCheck,
  IconCash,
  IconChecks,
  IconClipboardCheck,
  IconClock,
  IconScale,
  IconSend,
  IconUserCheck,
  IconUserPlus,
  IconUsers,
} from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useQueryState } from "../../../lib/hooks";
import { pathTarget } from "../../../lib/pathTarget";
import classes from "./TodayPanel.module.css";

// What needs the signed-in person's attention (home:attention): each item a count linking to the
// screen that deals with it; the server lists only what the caller may see, and items at 0 are
// not shown.

type Icon = ComponentType<{ size?: number; "aria-hidden"?: boolean }>;

const ICONS: Record<string, Icon> = {
  collectionsToVerify: IconClipboardCheck,
  ownCollectionsWaiting: IconSend,
  machinesLow: IconAlertTriangle,
  storesNotCollected: IconBuildingStore,
  cashApprovals: IconCash,
  countVariances: IconScale,
  unmatchedBankLines: IconBuildingBank,
  timeToVerify: IconClock,
  periodsToLock: IconCalendarCheck,
  joinRequests: IconUserPlus,
  employeeRequests: IconUsers,
  employeesToComplete: IconUserCheck,
  myRequests: IconSend,
};

export function AttentionList({ title }: { title: string }) {
  const { t } = useTranslation("navigation");
  const attention = useQueryState(api.home.attention);
  const items = (attention.data?.items ?? []).filter((item) => item.count > 0);
  return (
    <Stack gap="sm" component="section" aria-labelledby="attention-title" data-testid="home-today">
      <Title order={2} size="h4" id="attention-title">
        {title}
      </Title>
      {attention.isLoading ? (
        <Skeleton height={56} radius="md" />
      ) : items.length === 0 ? (
        <Paper withBorder radius="md" p="md" data-testid="home-all-clear">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color="teal" radius="xl">
              <IconChecks size={18} aria-hidden />
            </ThemeIcon>
            <div>
              <Text fw={600}>{t("home.allClearTitle")}</Text>
              <Text size="sm" c="dimmed">
                {t("home.allClear")}
              </Text>
            </div>
          </Group>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" component="ul" className={classes.list}>
          {items.map(({ key, link, search, count }) => {
            const ItemIcon = ICONS[key] ?? IconClipboardCheck;
            return (
              <li key={key}>
                <Link {...pathTarget(`/${link}`)} search={search ?? {}} className={classes.item} data-testid={`home-item-${key}`} data-count={count}>
                  <Paper withBorder radius="md" p="md" h="100%">
                    <Group gap="sm" wrap="nowrap">
                      <ThemeIcon variant="light" radius="xl" size="lg">
                        <ItemIcon size={20} aria-hidden />
                      </ThemeIcon>
                      <Text fw={600}>{t(`home.attention.${key}`, { count })}</Text>
                    </Group>
                  </Paper>
                </Link>
              </li>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
