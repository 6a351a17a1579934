import { Alert, Badge, Button, Card, Group, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { centsToDollarString } from "@tumble/domain/money";
import { IconAlertTriangle, IconArrowLeft, IconCash, IconFileSpreadsheet, IconFileTypePdf, IconLock, IconLockOpen, IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_TIME_ZONE } from "@tumble/domain/businessDate";
import { PAYROLL_REASON_MAX } from "@tumble/domain/payroll";
import { refusalCode } from "@tumble/domain/refusals";
import { errorText } from "../../../lib/errorText";
import { api } from "../../../lib/api";
import { runQuery } from "../../../lib/client";
import { useMutation, useQuery, useQueryState } from "../../../lib/hooks";
import { useOwnEmployeeId } from "../../../lib/twoPerson";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { openConfirm } from "../../../ui/confirm";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { AppLink } from "../parts/AppLink";
import { saveFile } from "../parts/download";
import { dateLabel, dayLabel, hoursText, instantLabel, money, rangeLabel } from "../parts/format";
import { PeriodStatusBadge } from "../parts/StatusBadge";
import type { PayLine, PayPeriodDetail } from "../parts/types";
import { AdjustModal, type AdjustTarget } from "./AdjustModal";
import { EmployeeDrawer } from "./EmployeeDrawer";
import { ReasonDialog } from "../../../ui/ReasonDialog";
import { useSubmissionKeys } from "../../../lib/submissionKey";
import type { PayPeriodVersionInfo } from "@tumble/domain/payrollOutputs";

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

const net = (l: PayLine) => l.adjustments.reduce((s, a) => s + (a.kind === "deduction" ? -a.amountCents : a.amountCents), 0);

/** One pay period: its figures by employee, what is not included, and lock, reopen, paid, adjustments and files. */
export function PeriodDetail({ periodId, employeeId, onBack, onOpenEmployee }: PeriodDetailProps) {
  const { t } = useTranslation("payroll");
  const detail = useQueryState(api.payPeriods.get, { periodId });
  const role = useQuery(api.auth.getUserCompanyRole);
  const stores = useQueryState(api.stores.listAll, {});
  const zones = useMemo(() => new Map((stores.data ?? []).map((s) => [s._id, s.timeZone])), [stores.data]);
  const lockMutation = useMutation(api.payPeriods.lock);
  const reopenMutation = useMutation(api.payPeriods.reopen);
  const markPaidMutation = useMutation(api.payPeriods.markPaid);
  // One idempotency key per submission: a retry after a lost answer acts once (decision 0054).
  const keys = useSubmissionKeys();
  const lock = (args: { periodId: string; overrideReason?: string; confirmEarlierOpen?: boolean }) =>
    keys.run({ action: "lock", ...args }, (idempotencyKey) => lockMutation({ ...args, idempotencyKey }));
  const reopen = (args: { periodId: string; reason: string }) =>
    keys.run({ action: "reopen", ...args }, (idempotencyKey) => reopenMutation({ ...args, idempotencyKey }));
  const markPaid = (args: { periodId: string; confirmEarlierOpen?: boolean }) =>
    keys.run({ action: "markPaid", ...args }, (idempotencyKey) => markPaidMutation({ ...args, idempotencyKey }));
  const [dialog, setDialog] = useState<"lock" | "reopen" | null>(null);
  // Why the lock needs a reason: time not verified, or the period not over yet (the server says which).
  const [lockCase, setLockCase] = useState<"unverified" | "early">("unverified");
  const [adjusting, setAdjusting] = useState<AdjustTarget | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // One's own line is adjusted by someone else (decision 0060).
  const ownEmployeeId = useOwnEmployeeId();
  const p: (PayPeriodDetail & { version?: number | null; versions?: PayPeriodVersionInfo[] }) | undefined =
    detail.data && detail.data.id === periodId ? detail.data : undefined;
  const isOwner = role?.role === "OWNER" || Boolean(role?.permissions.isSystemAdmin);
  const period = p ? rangeLabel(p.startsOn, p.endsOn) : "";

  const download = (key: string, load: () => Promise<Parameters<typeof saveFile>[0]>) => {
    setBusy(key);
    load()
      .then(saveFile)
      .catch((e: unknown) => notifyError(errorText(e, t("downloadFailed"))))
      .finally(() => setBusy(null));
  };
  const statement = (line: PayLine) =>
    download(`statement-${line.employeeId}`, () => runQuery(api.payroll.statement, { periodId, employeeId: line.employeeId }));
  const csv = () => download("csv", () => runQuery(api.payroll.exportCsv, { periodId }));

  /** An earlier period with pay still open: the server asks for a confirmation, given here. */
  const confirmEarlier = (error: unknown, retry: () => Promise<unknown>, done: string) =>
    openConfirm({
      title: t("earlierOpen.title"),
      message: errorText(error, t("actionFailed")),
      confirmLabel: t("earlierOpen.confirm"),
      cancelLabel: t("cancel"),
      confirmTestId: "confirm-earlier-open",
      onConfirm: () => {
        retry()
          .then(() => notifySuccess(done))
          .catch((e: unknown) => notifyError(errorText(e, t("actionFailed"))));
      },
    });
  const isEarlierOpen = (e: unknown) => refusalCode(e) === "payroll.earlierOpen";
  const tryLock = (overrideReason?: string) =>
    lock({ periodId, ...(overrideReason ? { overrideReason } : {}) }).catch((e: unknown) => {
      if (isEarlierOpen(e)) {
        setDialog(null);
        confirmEarlier(e, () => lock({ periodId, ...(overrideReason ? { overrideReason } : {}), confirmEarlierOpen: true }), t("lock.done", { period }));
        return;
      }
      throw e;
    });
  const doLock = () => {
    if (!p) return;
    if (p.notIncluded.some((e) => e.status !== "rejected")) {
      setLockCase("unverified");
      return setDialog("lock");
    }
    openConfirm({
      title: t("lock.title", { period }),
      message: t("lock.message"),
      confirmLabel: t("actions.lock"),
      cancelLabel: t("cancel"),
      confirmTestId: "confirm-lock",
      onConfirm: () => {
        setBusy("lock");
        lock({ periodId })
          .then(() => notifySuccess(t("lock.done", { period })))
          .catch((e: unknown) => {
            if (refusalCode(e) === "payroll.earlyLock") {
              setLockCase("early");
              return setDialog("lock");
            }
            if (isEarlierOpen(e)) return confirmEarlier(e, () => lock({ periodId, confirmEarlierOpen: true }), t("lock.done", { period }));
            notifyError(errorText(e, t("actionFailed")));
          })
          .finally(() => setBusy(null));
      },
    });
  };
  const doPaid = () =>
    openConfirm({
      title: t("paid.title", { period }),
      message: t("paid.message"),
      confirmLabel: t("actions.markPaid"),
      cancelLabel: t("cancel"),
      confirmTestId: "confirm-paid",
      onConfirm: () => {
        setBusy("paid");
        markPaid({ periodId })
          .then(() => notifySuccess(t("paid.done", { period })))
          .catch((e: unknown) =>
            isEarlierOpen(e)
              ? confirmEarlier(e, () => markPaid({ periodId, confirmEarlierOpen: true }), t("paid.done", { period }))
              : notifyError(errorText(e, t("actionFailed"))),
          )
          .finally(() => setBusy(null));
      },
    });

  const columns = useMemo<DataColumn<PayLine>[]>(
    () => [
      {
        id: "employee",
        header: t("columns.employee"),
        card: "title",
        cell: (l) => (
          <Stack gap={0}>
            <Group gap={6} wrap="nowrap">
              <Text fw={600} size="sm">
                {l.name}
              </Text>
              {l.finalPay ? (
                <Badge size="sm" color="grape" variant="light" tt="none" data-testid="final-pay">
                  {t("detail.finalPay")}
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {[l.position, l.payType ? t(`payTypes.${l.payType}`) : null].filter(Boolean).join(" · ")}
            </Text>
          </Stack>
        ),
        sortValue: (l) => l.name,
      },
      {
        id: "regular",
        header: t("columns.regularHours"),
        cell: (l) => hoursText(l.regularMinutes),
        sortValue: (l) => l.regularMinutes,
        csv: (l) => hoursText(l.regularMinutes),
        align: "right",
      },
      {
        id: "overtime",
        header: t("columns.overtimeHours"),
        cell: (l) => hoursText(l.overtimeMinutes),
        sortValue: (l) => l.overtimeMinutes,
        csv: (l) => hoursText(l.overtimeMinutes),
        align: "right",
      },
      {
        id: "double",
        header: t("columns.doubleHours"),
        cell: (l) => hoursText(l.doubleMinutes),
        sortValue: (l) => l.doubleMinutes,
        csv: (l) => hoursText(l.doubleMinutes),
        align: "right",
      },
      {
        id: "adjustments",
        header: t("columns.adjustments"),
        cell: (l) => (l.adjustments.length ? money(net(l)) : "—"),
        sortValue: net,
        csv: (l) => centsToDollarString(net(l)),
        align: "right",
      },
      {
        id: "gross",
        header: t("columns.gross"),
        card: "aside",
        cell: (l) => (
          <Text fw={700} inherit style={{ whiteSpace: "nowrap" }} data-testid="line-gross-cell">
            {money(l.grossCents)}
          </Text>
        ),
        sortValue: (l) => l.grossCents,
        csv: (l) => centsToDollarString(l.grossCents),
        align: "right",
      },
      {
        id: "actions",
        header: t("columns.actions"),
        hideable: false,
        card: "footer",
        cell: (l) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconFileTypePdf size={14} aria-hidden />}
              loading={busy === `statement-${l.employeeId}`}
              aria-label={t("actions.statementOf", { name: l.name })}
              onClick={(e) => {
                e.stopPropagation();
                statement(l);
              }}
            >
              {t("actions.statementShort")}
            </Button>
          </Group>
        ),
      },
    ],
    // statement closes over the period id only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, busy, periodId],
  );

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
                <Button leftSection={<IconLock size={16} aria-hidden />} onClick={doLock} loading={busy === "lock"} data-testid="lock-period">
                  {t("actions.lock")}
                </Button>
              ) : null}
              {p.status === "locked" && isOwner ? (
                <Button variant="default" leftSection={<IconLockOpen size={16} aria-hidden />} onClick={() => setDialog("reopen")} data-testid="reopen-period">
                  {t("actions.reopen")}
                </Button>
              ) : null}
              {p.status === "locked" ? (
                <Button color="teal" leftSection={<IconCash size={16} aria-hidden />} onClick={doPaid} loading={busy === "paid"} data-testid="mark-paid">
                  {t("actions.markPaid")}
                </Button>
              ) : null}
              <Button
                variant="default"
                leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                onClick={csv}
                loading={busy === "csv"}
                data-testid="export-csv"
              >
                {t("actions.providerCsv")}
              </Button>
            </Group>
          ) : null}
        </Group>
      </Paper>

      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <Stat label={t("totals.gross")} value={p ? money(p.grossCents) : "…"} testId="total-gross" />
        <Stat label={t("totals.regularHours")} value={p ? hoursText(p.regularMinutes) : "…"} testId="total-regular" />
        <Stat label={t("totals.overtimeHours")} value={p ? hoursText(p.overtimeMinutes + p.doubleMinutes) : "…"} testId="total-overtime" />
        <Stat label={t("totals.overtimeCost")} value={p ? money(p.overtimeCostCents) : "…"} testId="total-overtime-cost" />
        <Stat label={t("totals.employees")} value={p ? String(p.employeeCount) : "…"} testId="total-employees" />
      </SimpleGrid>

      {p && unverified.length > 0 ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={t("notIncluded.title", { count: unverified.length })}
          data-testid="unverified-warning"
        >
          <Stack gap="xs">
            <Text size="sm">{p.status === "open" ? t("notIncluded.blocksLock") : t("notIncluded.afterLock")}</Text>
            <List size="sm" spacing={2}>
              {unverified.map((e) => (
                <List.Item key={e.entryId} data-testid="not-included-entry">
                  {t("notIncluded.entry", {
                    name: e.employeeName,
                    store: e.storeName,
                    when: instantLabel(e.clockInAt),
                    status: t(`entryStatus.${e.status}`),
                  })}
                </List.Item>
              ))}
            </List>
            <AppLink
              to="/employee-management/time-entry-verification"
              search={{ from: p.startsOn, to: p.endsOn, status: "pending" }}
              size="sm"
              testId="verify-link"
            >
              {t("notIncluded.verify")}
            </AppLink>
          </Stack>
        </Alert>
      ) : null}
      {p && p.warnings.employeesWithoutRate > 0 ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="no-rate-warning">
          {t("warnings.noRate", { count: p.warnings.employeesWithoutRate })}{" "}
          <AppLink to="/employee-management/profiles" size="sm">
            {t("warnings.setRates")}
          </AppLink>
        </Alert>
      ) : null}
      {p && p.status !== "open" && p.frozen ? (
        <Text size="sm" c="dimmed">
          {t("frozen")}
        </Text>
      ) : null}

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
