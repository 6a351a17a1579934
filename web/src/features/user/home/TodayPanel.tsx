import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconArrowDownRight, IconArrowUpRight, IconChecks, IconClipboardCheck, IconUserPlus, IconBuildingStore, IconSend } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useQueryState } from "../../../lib/hooks";
import { formatDisplayDate } from "../../../ui/laundromatSelection/format";
import { pathTarget } from "../../../lib/pathTarget";
import classes from "./TodayPanel.module.css";

// The home's "today" (docs/decisions/0021): what needs the signed-in person's attention, each
// item linking to the screen that deals with it, and, for those who may see reports, each store's
// takings today beside the previous day. Counts come from the navigation badges (already live).

interface Attention {
  /** The sub-tab badge key ("area/subScreen") the count comes from; the item links there. */
  subTab: string;
  key: string;
  icon: ComponentType<{ size?: number; "aria-hidden"?: boolean }>;
}

const ATTENTION: Attention[] = [
  { subTab: "laundromat/collections-list", key: "awaitingVerification", icon: IconClipboardCheck },
  { subTab: "laundromat/collection-record", key: "ownAwaiting", icon: IconSend },
  { subTab: "company/join-requests", key: "joinRequests", icon: IconUserPlus },
  { subTab: "user/my-requests", key: "myRequests", icon: IconSend },
  { subTab: "company/locations", key: "inactiveStores", icon: IconBuildingStore },
];

export function TodayPanel() {
  const { t } = useTranslation("navigation");
  const badges = useQueryState(api.navigation.getBadgeCounts);
  const summary = useQueryState(api.home.summary);
  const items = ATTENTION.map((a) => ({ ...a, count: badges.data?.subTabs[a.subTab] ?? 0 })).filter((a) => a.count > 0);

  return (
    <Stack gap="sm" component="section" aria-labelledby="today-title" data-testid="home-today">
      <Title order={2} size="h4" id="today-title">
        {t("home.title")}
      </Title>
      {badges.isLoading ? (
        <Skeleton height={56} radius="md" />
      ) : items.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color="teal" radius="xl">
              <IconChecks size={18} aria-hidden />
            </ThemeIcon>
            <Text data-testid="home-all-clear">{t("home.allClear")}</Text>
          </Group>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {items.map(({ subTab, key, icon: Icon, count }) => (
            <Link key={key} {...pathTarget(`/${subTab}`)} className={classes.item} data-testid={`home-item-${key}`}>
              <Paper withBorder radius="md" p="md" h="100%">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" radius="xl" size="lg">
                    <Icon size={20} aria-hidden />
                  </ThemeIcon>
                  <Text fw={600}>{t(`home.items.${key}`, { count })}</Text>
                </Group>
              </Paper>
            </Link>
          ))}
        </SimpleGrid>
      )}
      {summary.data?.stores.length ? <StoreTotals stores={summary.data.stores} /> : null}
    </Stack>
  );
}

type StoreToday = NonNullable<ReturnsOf<typeof api.home.summary>>["stores"][number];

function StoreTotals({ stores }: { stores: StoreToday[] }) {
  const { t } = useTranslation("navigation");
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" data-testid="home-totals">
      {stores.map((s) => {
        const change = s.totalCents - s.compareCents;
        const up = change >= 0;
        return (
          <Paper key={s.storeId} withBorder radius="md" p="md" data-testid="home-store-total">
            <Text size="sm" c="dimmed">
              {t("home.takings", { store: s.storeName, date: formatDisplayDate(s.businessDate) })}
            </Text>
            <Group justify="space-between" align="baseline" wrap="nowrap">
              <Text fw={700} size="xl" data-testid="home-store-today">
                {formatUSD(s.totalCents)}
              </Text>
              <Badge
                variant="light"
                color={up ? "teal" : "red"}
                leftSection={up ? <IconArrowUpRight size={14} aria-hidden /> : <IconArrowDownRight size={14} aria-hidden />}
              >
                {formatUSD(Math.abs(change))}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {t("home.compare", { amount: formatUSD(s.compareCents), date: formatDisplayDate(s.compareDate), count: s.collections })}
            </Text>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
