import { SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import type { api } from "../../../lib/api";
import { TakingsCard } from "./TakingsCard";

// The owner's overview (issue 34): the takings of every store and of the company for one period
// at a time (Today, Last 7 days, Month to date), each against its comparison period.

type Summary = NonNullable<ReturnsOf<typeof api.home.summary>>;
type Period = Summary["periods"][number]["period"];

const PERIODS: Period[] = ["today", "last7Days", "mtd"];

export function Overview({ summary }: { summary: Summary | undefined }) {
  const { t } = useTranslation("navigation");
  const [period, setPeriod] = useState<Period>("today");
  const shown = summary?.periods.find((p) => p.period === period);
  return (
    <Stack gap="sm" component="section" aria-labelledby="overview-title" data-testid="home-overview">
      <div>
        <Title order={2} size="h4" id="overview-title">
          {t("home.overview.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("home.overview.subtitle")}
        </Text>
      </div>
      <SegmentedControl
        value={period}
        onChange={(value) => setPeriod(value as Period)}
        data={PERIODS.map((p) => ({ value: p, label: t(`home.overview.periods.${p}`) }))}
        aria-label={t("home.overview.periodsLabel")}
        fullWidth
        maw={520}
        data-testid="home-period"
      />
      {!shown ? (
        <Skeleton height={140} radius="md" />
      ) : shown.stores.length === 0 ? (
        <Text c="dimmed">{t("home.overview.noStores")}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm" data-testid="home-takings">
          <TakingsCard title={t("home.overview.total")} figures={shown.total} total testId="home-total" />
          {shown.stores.map((s) => (
            <TakingsCard key={s.storeId} title={s.storeName} figures={s} testId="home-store" />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
