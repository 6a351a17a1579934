import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconFileTypePdf, IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_TIME_ZONE } from "@tumble/domain/businessDate";
import { PAYROLL_REASON_MAX } from "@tumble/domain/payroll";
import { errorText } from "../../../lib/errorText";
import { api } from "../../../lib/api";
import { useQuery, useQueryState } from "../../../lib/hooks";
import { useOwnEmployeeId } from "../../../lib/twoPerson";
import { notifySuccess } from "../../../lib/notify";
import { DataTable } from "../../../ui/table/DataTable";
import { dayLabel, hoursText, money, rangeLabel } from "../parts/format";
import type { PayPeriodDetail } from "../parts/types";
import { AdjustModal, type AdjustTarget } from "./AdjustModal";
import { EmployeeDrawer } from "./EmployeeDrawer";
import { ReasonDialog } from "../../../ui/ReasonDialog";
import type { PayPeriodVersionInfo } from "@tumble/domain/payrollOutputs";
import { PeriodHeader } from "./PeriodHeader";
import { PeriodWarnings } from "./PeriodWarnings";
import { usePayLineColumns } from "./usePayLineColumns";
import { usePeriodActions } from "./usePeriodActions";

export interface PeriodDetailProps {
  periodId: string;
  employeeId: string | undefined;
  onBack: () => void;
  onOpenEmployee: (employeeId: string | undefined) => void;
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder radius="md" p="sm" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={700} data-testid={`${testId}-value`}>
        {value}
      </Text>
    </Card>
  );
}

/** One pay period: its figures by employee, what is not included, and lock, reopen, paid, adjustments and files. */
export function PeriodDetail({ periodId, employeeId, onBack, onOpenEmployee }: PeriodDetailProps) {
  const { t } = useTranslation("payroll");
  const detail = useQueryState(api.payPeriods.get, { periodId });
  const role = useQuery(api.auth.getUserCompanyRole);
  const stores = useQueryState(api.stores.listAll, {});
  const zones = useMemo(() => new Map((stores.data ?? []).map((s) => [s._id, s.timeZone])), [stores.data]);
  const [adjusting, setAdjusting] = useState<AdjustTarget | null>(null);
  // One's own line is adjusted by someone else (decision 0060).
  const ownEmployeeId = useOwnEmployeeId();
  const p: (PayPeriodDetail & { version?: number | null; versions?: PayPeriodVersionInfo[] }) | undefined =
    detail.data && detail.data.id === periodId ? detail.data : undefined;
  const isOwner = role?.role === "OWNER" || Boolean(role?.permissions.isSystemAdmin);
  const period = p ? rangeLabel(p.startsOn, p.endsOn) : "";

  const { dialog, setDialog, lockCase, busy, statement, csv, tryLock, doLock, doPaid, reopen } = usePeriodActions(periodId, p, period);
  const columns = usePayLineColumns(periodId, busy, statement);

  if (detail.error && !p)
    return (
      <Stack gap="sm">
        <BackButton onBack={onBack} />
        <Alert color="red" variant="light">
          {errorText(detail.error, t("periodNotFound"))}
        </Alert>
      </Stack>
    );

  const unverified = p ? p.notIncluded.filter((e) => e.status !== "rejected") : [];
  const line = p?.lines.find((l) => l.employeeId === employeeId);
  return (
    <Stack gap="md" data-testid="period-detail" data-status={p?.status}>
      <BackButton onBack={onBack} />
      <PeriodHeader p={p} period={period} isOwner={isOwner} busy={busy} onLock={doLock} onReopen={() => setDialog("reopen")} onPaid={doPaid} onCsv={csv} />

      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <Stat label={t("totals.gross")} value={p ? money(p.grossCents) : "…"} testId="total-gross" />
        <Stat label={t("totals.regularHours")} value={p ? hoursText(p.regularMinutes) : "…"} testId="total-regular" />
        <Stat label={t("totals.overtimeHours")} value={p ? hoursText(p.overtimeMinutes + p.doubleMinutes) : "…"} testId="total-overtime" />
        <Stat label={t("totals.overtimeCost")} value={p ? money(p.overtimeCostCents) : "…"} testId="total-overtime-cost" />
        <Stat label={t("totals.employees")} value={p ? String(p.employeeCount) : "…"} testId="total-employees" />
      </SimpleGrid>

      {p ? <PeriodWarnings p={p} unverified={unverified} /> : null}

      <Group justify="space-between" align="flex-end">
        <Title order={3} size="h4">
          {t("lines.title")}
        </Title>
        {p?.status === "open" ? (
          <Text size="sm" c="dimmed">
            {t("lines.hint")}
          </Text>
        ) : null}
      </Group>
      <DataTable
        tableId="pay-period-lines"
        caption={t("lines.caption", { period })}
        columns={columns}
        data={p?.lines}
        error={p ? null : detail.error}
        getRowId={(l) => l.employeeId}
        rowName={(l) => l.name}
        defaultSort={{ id: "employee", desc: false }}
        onRowClick={(l) => onOpenEmployee(l.employeeId)}
        rowLabel={(l) => t("lines.open", { name: l.name })}
        selectedId={employeeId ?? null}
        emptyText={t("lines.empty")}
        testId="pay-lines"
        rowTestId="pay-line-row"
        rowAttributes={(l) => ({ "data-employee": l.name, "data-gross": String(l.grossCents) })}
        rowMenu={(l) => [
          { id: "statement", label: t("actions.statement"), icon: <IconFileTypePdf size={16} />, quiet: true, onSelect: () => statement(l) },
          // One's own line is adjusted by someone else (decision 0060): the drawer says why.
          ...(p?.status === "open" && l.employeeId !== ownEmployeeId
            ? [
                {
                  id: "adjust",
                  label: t("actions.adjust"),
                  icon: <IconPlus size={16} />,
                  quiet: true,
                  onSelect: () => setAdjusting({ periodId, employeeId: l.employeeId, name: l.name }),
                },
              ]
            : []),
        ]}
      />

      <EmployeeDrawer
        line={line}
        opened={employeeId !== undefined && p !== undefined}
        zoneOf={(id) => zones.get(id) ?? DEFAULT_TIME_ZONE}
        canAdjust={p?.status === "open"}
        ownLine={line !== undefined && line.employeeId === ownEmployeeId}
        downloading={line ? busy === `statement-${line.employeeId}` : false}
        onClose={() => onOpenEmployee(undefined)}
        onStatement={statement}
        onAdjust={(l) => setAdjusting({ periodId, employeeId: l.employeeId, name: l.name })}
      />
      <AdjustModal target={adjusting} onClose={() => setAdjusting(null)} />
      <ReasonDialog
        opened={dialog === "lock"}
        title={t("lock.title", { period })}
        message={lockCase === "early" ? t("lock.earlyMessage", { day: p ? dayLabel(p.endsOn) : "" }) : t("lock.overrideMessage")}
        warning={lockCase === "early" ? undefined : t("notIncluded.title", { count: unverified.length })}
        reasonLabel={lockCase === "early" ? t("lock.earlyReason") : t("lock.overrideReason")}
        confirmLabel={t("lock.overrideConfirm")}
        color="orange"
        onClose={() => setDialog(null)}
        onConfirm={(reason) => tryLock(reason).then(() => notifySuccess(t("lock.done", { period })))}
        maxLength={PAYROLL_REASON_MAX}
        failureText={(e) => errorText(e, t("actionFailed"))}
        testId="lock-override-dialog"
      />
      <ReasonDialog
        opened={dialog === "reopen"}
        title={t("reopen.title", { period })}
        message={t("reopen.message")}
        reasonLabel={t("reopen.reason")}
        confirmLabel={t("actions.reopen")}
        onClose={() => setDialog(null)}
        onConfirm={(reason) => reopen({ periodId, reason }).then(() => notifySuccess(t("reopen.done", { period })))}
        maxLength={PAYROLL_REASON_MAX}
        failureText={(e) => errorText(e, t("actionFailed"))}
        testId="reopen-dialog"
      />
    </Stack>
  );
}

function BackButton({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation("payroll");
  return (
    <Group>
      <Button variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
        {t("periods.back")}
      </Button>
    </Group>
  );
}
