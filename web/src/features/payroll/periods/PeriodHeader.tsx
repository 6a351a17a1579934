import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCash, IconFileSpreadsheet, IconLock, IconLockOpen } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { PayPeriodVersionInfo } from "@tumble/domain/payrollOutputs";
import { dateLabel, instantLabel, money } from "../parts/format";
import { PeriodStatusBadge } from "../parts/StatusBadge";
import type { PayPeriodDetail } from "../parts/types";

export interface PeriodHeaderProps {
  p: (PayPeriodDetail & { version?: number | null; versions?: PayPeriodVersionInfo[] }) | undefined;
  period: string;
  isOwner: boolean;
  busy: string | null;
  onLock: () => void;
  onReopen: () => void;
  onPaid: () => void;
  onCsv: () => void;
}

/** The period's title, status, version and history, with its lock, reopen, paid and CSV buttons. */
export function PeriodHeader({ p, period, isOwner, busy, onLock, onReopen, onPaid, onCsv }: PeriodHeaderProps) {
  const { t } = useTranslation("payroll");
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" gap="sm" align="flex-start">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={2} size="h3" data-testid="period-title">
              {p ? period : "…"}
            </Title>
            {p ? <PeriodStatusBadge status={p.status} size="lg" /> : null}
            {p?.version ? (
              <Badge size="lg" variant="outline" color="gray" tt="none" data-testid="period-version">
                {t("versions.badge", { version: p.version })}
              </Badge>
            ) : null}
          </Group>
          {p ? <Events period={p} /> : null}
          {p?.versions ? <Versions versions={p.versions} current={p.version ?? null} /> : null}
        </Stack>
        {p ? (
          <Group gap="xs">
            {p.status === "open" ? (
              <Button leftSection={<IconLock size={16} aria-hidden />} onClick={onLock} loading={busy === "lock"} data-testid="lock-period">
                {t("actions.lock")}
              </Button>
            ) : null}
            {p.status === "locked" && isOwner ? (
              <Button variant="default" leftSection={<IconLockOpen size={16} aria-hidden />} onClick={onReopen} data-testid="reopen-period">
                {t("actions.reopen")}
              </Button>
            ) : null}
            {p.status === "locked" ? (
              <Button color="teal" leftSection={<IconCash size={16} aria-hidden />} onClick={onPaid} loading={busy === "paid"} data-testid="mark-paid">
                {t("actions.markPaid")}
              </Button>
            ) : null}
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              onClick={onCsv}
              loading={busy === "csv"}
              data-testid="export-csv"
            >
              {t("actions.providerCsv")}
            </Button>
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}

/** Who locked, reopened or paid the period, when and why. */
function Events({ period }: { period: PayPeriodDetail }) {
  const { t } = useTranslation("payroll");
  const who = (name: string | null) => name ?? t("someone");
  const lines = [
    period.locked
      ? t(!period.locked.overrideReason ? "events.locked" : period.warnings.unverifiedEntries > 0 ? "events.lockedOverride" : "events.lockedEarly", {
          by: who(period.locked.byName),
          when: instantLabel(period.locked.at),
          reason: period.locked.overrideReason,
        })
      : null,
    period.reopened ? t("events.reopened", { by: who(period.reopened.byName), when: instantLabel(period.reopened.at), reason: period.reopened.reason }) : null,
    period.paid ? t("events.paid", { by: who(period.paid.byName), when: instantLabel(period.paid.at) }) : null,
    period.payDate ? t("events.payDate", { date: dateLabel(period.payDate, true) }) : null,
  ].filter((x): x is string => x !== null);
  if (lines.length === 0) return null;
  return (
    <Stack gap={0} data-testid="period-events">
      {lines.map((l) => (
        <Text key={l} size="xs" c="dimmed">
          {l}
        </Text>
      ))}
    </Stack>
  );
}

/** The earlier locks of the period: each version's gross, who locked it, and who reopened it, when and why. */
function Versions({ versions, current }: { versions: PayPeriodVersionInfo[]; current: number | null }) {
  const { t } = useTranslation("payroll");
  const earlier = versions.filter((v) => v.version !== current);
  if (earlier.length === 0) return null;
  const who = (name: string | null) => name ?? t("someone");
  return (
    <Stack gap={0} data-testid="period-versions">
      <Text size="xs" fw={600}>
        {t("versions.earlier", { count: earlier.length })}
      </Text>
      {earlier.map((v) => (
        <Text key={v.version} size="xs" c="dimmed" data-testid="period-version-row">
          {t("versions.locked", { version: v.version, gross: money(v.grossCents), by: who(v.lockedByName), when: instantLabel(v.lockedAt) })}
          {v.reopenedAt ? `; ${t("versions.reopened", { by: who(v.reopenedByName), when: instantLabel(v.reopenedAt), reason: v.reopenReason })}` : ""}
        </Text>
      ))}
    </Stack>
  );
}
