import { Alert, Badge, Drawer, Group, Loader, SegmentedControl, Stack, Table, Text, Title } from "@mantine/core";
import { centsToDollarString } from "@tumble/domain/money";
import { useMediaQuery } from "@mantine/hooks";
import { IconExternalLink } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
// Imported for its refusal table ("Employee not found"), which errorText reads by code.
import "@tumble/domain/employees";
import { errorText } from "../../../lib/errorText";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { api } from "../../../lib/api";
import { useQuery, useQueryState } from "../../../lib/hooks";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { AppLink } from "../parts/AppLink";
import { currentPeriodOf } from "../parts/currentPeriod";
import { dateLabel, hoursText, money, rangeLabel } from "../parts/format";
import type { PayLine } from "../parts/types";
import { ProviderIdField } from "./ProviderIdField";

type EmployeeRow = ReturnsOf<typeof api.employees.list>[number];
type Row = EmployeeRow & { line: PayLine | undefined };

interface EmployeesSearch {
  show: "active" | "all";
  sort: string;
  dir: "asc" | "desc";
  page: number;
  open: string;
}
const SEARCH: SearchSchema<EmployeesSearch> = {
  show: param.oneOf(["active", "all"] as const),
  sort: param.oneOf(["name", "payType", "rate", "overtimeRule", "stores", "hours", "overtime", "gross"] as const),
  dir: param.oneOf(["asc", "desc"] as const),
  page: param.int(1),
  open: param.text(64),
};

/** payroll/employees: each employee's pay set-up and this period's figures, with the rate history a click away. */
export function PayrollEmployees() {
  const { t } = useTranslation("payroll");
  const [search, setSearch] = useSearchState(SEARCH);
  const role = useQuery(api.auth.getUserCompanyRole);
  const show = search.show ?? "active";
  const employees = useQueryState(api.employees.list, show === "active" ? { status: "active" } : {});
  const settings = useQueryState(api.payroll.getSettings, {});
  const periods = useQueryState(api.payPeriods.list, {});
  const current = currentPeriodOf(periods.data);
  const detail = useQueryState(api.payPeriods.get, current ? { periodId: current.id } : "skip");
  const lines = useMemo(() => new Map((detail.data?.lines ?? []).map((l) => [l.employeeId, l])), [detail.data]);
  const rows = useMemo<Row[] | undefined>(
    () => employees.data?.filter((e) => e.status !== "pending").map((e) => ({ ...e, line: lines.get(e._id) })),
    [employees.data, lines],
  );
  const preset = settings.data?.overtimePreset;
  const overtimeRule = (e: Row) => (e.ratePayType === "salary" ? t("overtimeRules.exempt") : preset ? t(`overtimeRules.${preset}`) : "");

  const columns = useMemo<DataColumn<Row>[]>(
    () => [
      {
        id: "name",
        header: t("columns.employee"),
        card: "title",
        cell: (e) => (
          <Stack gap={0} miw={0}>
            <Text fw={600} size="sm" truncate="end">
              {e.name}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {e.position ?? ""}
            </Text>
          </Stack>
        ),
        sortValue: (e) => e.name.toLowerCase(),
        csv: (e) => e.name,
      },
      {
        id: "payType",
        header: t("columns.payType"),
        card: "badge",
        cell: (e) =>
          e.ratePayType ? (
            <Badge variant="light" color={e.ratePayType === "salary" ? "grape" : "blue"} style={{ minWidth: "max-content" }}>
              {t(`payTypes.${e.ratePayType}`)}
            </Badge>
          ) : (
            <Badge variant="light" color="orange" style={{ minWidth: "max-content" }}>
              {t("employees.noRate")}
            </Badge>
          ),
        sortValue: (e) => e.ratePayType ?? "",
      },
      {
        id: "rate",
        header: t("columns.rate"),
        cell: (e) => (e.rateCents === null ? "—" : t(e.ratePayType === "salary" ? "employees.perPeriod" : "employees.perHour", { amount: money(e.rateCents) })),
        sortValue: (e) => e.rateCents,
        csv: (e) => (e.rateCents === null ? "" : centsToDollarString(e.rateCents)),
        align: "right",
      },
      { id: "overtimeRule", header: t("columns.overtimeRule"), cell: overtimeRule, sortValue: overtimeRule },
      {
        id: "stores",
        header: t("columns.stores"),
        cell: (e) => e.stores.map((s) => s.name).join(", "),
        sortValue: (e) => e.stores.map((s) => s.name).join(", "),
      },
      {
        id: "hours",
        header: t("columns.periodHours"),
        cell: (e) => (e.line ? hoursText(e.line.regularMinutes + e.line.overtimeMinutes + e.line.doubleMinutes) : "—"),
        sortValue: (e) => (e.line ? e.line.regularMinutes + e.line.overtimeMinutes + e.line.doubleMinutes : null),
        align: "right",
      },
      {
        id: "overtime",
        header: t("columns.overtimeHours"),
        cell: (e) => (e.line ? hoursText(e.line.overtimeMinutes + e.line.doubleMinutes) : "—"),
        sortValue: (e) => (e.line ? e.line.overtimeMinutes + e.line.doubleMinutes : null),
        align: "right",
      },
      {
        id: "gross",
        header: t("columns.periodGross"),
        card: "aside",
        cell: (e) => (
          <Text fw={700} inherit style={{ whiteSpace: "nowrap" }}>
            {e.line ? money(e.line.grossCents) : "—"}
          </Text>
        ),
        sortValue: (e) => e.line?.grossCents ?? null,
        csv: (e) => (e.line ? centsToDollarString(e.line.grossCents) : ""),
        align: "right",
      },
    ],
    // overtimeRule reads the preset and t only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, preset],
  );

  const open = rows?.find((r) => r._id === search.open);
  return (
    <Stack gap="lg">
      <ScreenTitle
        title={t("employees.title")}
        subtitle={current ? t("employees.subtitlePeriod", { period: rangeLabel(current.startsOn, current.endsOn) }) : t("employees.subtitle")}
      />
      <DataTable
        tableId="payroll-employees"
        caption={t("employees.caption")}
        columns={columns}
        data={rows}
        error={employees.error}
        getRowId={(e) => e._id}
        rowName={(e) => e.name}
        sort={{ id: search.sort ?? "name", desc: search.dir === "desc" }}
        onSortChange={(s) => setSearch({ sort: s?.id, dir: s?.desc ? "desc" : undefined, page: undefined })}
        page={search.page ?? 1}
        onPageChange={(page) => setSearch({ page: page > 1 ? page : undefined })}
        onRowClick={(e) => setSearch({ open: e._id }, { push: true })}
        rowLabel={(e) => t("employees.openRow", { name: e.name })}
        selectedId={search.open ?? null}
        exportName={role?.permissions.canExportReports ? "payroll-employees" : undefined}
        emptyText={t("employees.empty")}
        testId="payroll-employees"
        rowTestId="payroll-employee-row"
        rowAttributes={(e) => ({ "data-employee": e.name })}
        toolbar={
          <SegmentedControl
            aria-label={t("employees.show")}
            value={show}
            onChange={(v) => setSearch({ show: v === "all" ? "all" : undefined, page: undefined })}
            data={[
              { value: "active", label: t("employees.active") },
              { value: "all", label: t("employees.all") },
            ]}
          />
        }
      />
      <PaySetupDrawer
        row={open}
        opened={search.open !== undefined}
        periodLabel={current ? rangeLabel(current.startsOn, current.endsOn) : null}
        periodId={current?.id}
        onClose={() => setSearch({ open: undefined })}
      />
    </Stack>
  );
}

/** One employee's pay set-up: rate history, stores, this period's figures and the way to the profile. */
function PaySetupDrawer({
  row,
  opened,
  periodLabel,
  periodId,
  onClose,
}: {
  row: Row | undefined;
  opened: boolean;
  periodLabel: string | null;
  periodId: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation("payroll");
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  const profile = useQueryState(api.employees.get, row ? { employeeId: row._id } : "skip");
  const p = profile.data && row && profile.data._id === row._id ? profile.data : undefined;
  const line = row?.line;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={isPhone ? "100%" : "lg"}
      title={row?.name ?? t("employees.title")}
      closeButtonProps={{ "aria-label": t("close") }}
    >
      {!row ? null : (
        <Stack gap="md" data-testid="pay-setup" data-employee={row.name}>
          <AppLink to="/employee-management/profiles" search={{ open: row._id }} size="sm" testId="profile-link">
            <Group gap={4} wrap="nowrap">
              {t("employees.openProfile")}
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </AppLink>
          <Stack gap={4}>
            <Title order={3} size="h5">
              {t("employees.stores")}
            </Title>
            <Text size="sm">{row.stores.length ? row.stores.map((s) => s.name).join(", ") : t("employees.noStores")}</Text>
          </Stack>
          <ProviderIdField employeeId={row._id} name={row.name} />
          <Stack gap={4}>
            <Title order={3} size="h5">
              {t("employees.rateHistory")}
            </Title>
            {profile.error && !p ? (
              <Alert color="red" variant="light">
                {errorText(profile.error, t("loadFailed"))}
              </Alert>
            ) : !p ? (
              <Loader size="sm" aria-label={t("employees.rateHistory")} />
            ) : p.rates.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("employees.noRates")}
              </Text>
            ) : (
              <Table fz="sm" verticalSpacing={4} data-testid="rate-history">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("employees.effectiveFrom")}</Table.Th>
                    <Table.Th>{t("columns.payType")}</Table.Th>
                    <Table.Th ta="right">{t("columns.rate")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {p.rates.map((r) => (
                    <Table.Tr key={r._id}>
                      <Table.Td>
                        <Stack gap={0}>
                          <Text size="sm">{dateLabel(r.effectiveFrom, true)}</Text>
                          {r.state !== "past" ? (
                            <Text size="xs" c={r.state === "current" ? "teal" : "blue"}>
                              {t(`rateStates.${r.state}`)}
                            </Text>
                          ) : null}
                          {r.reason ? (
                            <Text size="xs" c="dimmed">
                              {r.reason}
                            </Text>
                          ) : null}
                        </Stack>
                      </Table.Td>
                      <Table.Td>{t(`payTypes.${r.payType}`)}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                        {money(r.rateCents)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
          <Stack gap={4}>
            <Title order={3} size="h5">
              {periodLabel ? t("employees.thisPeriod", { period: periodLabel }) : t("employees.noCurrentPeriod")}
            </Title>
            {line ? (
              <Stack gap={2} data-testid="period-figures">
                <Text size="sm">
                  {t("employees.periodHours", {
                    regular: hoursText(line.regularMinutes),
                    overtime: hoursText(line.overtimeMinutes),
                    double: hoursText(line.doubleMinutes),
                  })}
                </Text>
                <Text size="sm" fw={600}>
                  {t("employees.periodGross", { amount: money(line.grossCents) })}
                </Text>
                {periodId ? (
                  <AppLink to="/payroll/pay-periods" search={{ period: periodId, employee: row._id }} size="sm">
                    {t("employees.openLine")}
                  </AppLink>
                ) : null}
              </Stack>
            ) : periodLabel ? (
              <Text size="sm" c="dimmed">
                {t("employees.nothingYet")}
              </Text>
            ) : null}
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}
