import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { formatUSD } from "@tumble/domain/money";
import { useTranslation } from "react-i18next";
import { spanLabel, trendOf, type Span } from "./trend";

// One store's (or the company's) takings for a period: the amount, the period's dates, and its
// change against the comparison period in words ("▲ $120.00 (+12%) vs. Nov 1 – Nov 27").

export interface TakingsFigures {
  totalCents: number;
  compareCents: number;
  collections: number;
  range: Span | null;
  compare: Span | null;
}

const COLORS = { up: "teal", down: "red", flat: "gray", noComparison: "gray", noneYet: "gray", none: "gray" } as const;

export function TakingsCard({ title, figures, total = false, testId }: { title: string; figures: TakingsFigures; total?: boolean; testId: string }) {
  const { t, i18n } = useTranslation("navigation");
  const trend = trendOf(figures.totalCents, figures.compareCents);
  const range = figures.compare ? spanLabel(figures.compare, i18n.language) : t("home.overview.previous");
  const label = t(`home.trend.${trend.kind}`, {
    amount: formatUSD(trend.kind === "noneYet" ? figures.compareCents : trend.changeCents),
    percent: trend.percent,
    range,
  });
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      h="100%"
      style={total ? { borderColor: "var(--mantine-primary-color-filled)", borderWidth: 2 } : undefined}
      data-testid={testId}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} truncate="end" miw={0}>
            {title}
          </Text>
          {figures.range ? (
            <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
              {spanLabel(figures.range, i18n.language)}
            </Text>
          ) : null}
        </Group>
        <Text fw={700} size="xl" data-testid={`${testId}-amount`}>
          {formatUSD(figures.totalCents)}
        </Text>
        <Text size="sm" c="dimmed">
          {t("home.overview.collections", { count: figures.collections })}
        </Text>
        <Badge
          variant="light"
          color={COLORS[trend.kind]}
          styles={{ root: { height: "auto", maxWidth: "100%" }, label: { whiteSpace: "normal", textTransform: "none", fontWeight: 500, paddingBlock: 2 } }}
          data-testid={`${testId}-trend`}
          data-trend={trend.kind}
        >
          {label}
        </Badge>
      </Stack>
    </Paper>
  );
}
