import { Avatar, Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { centsToDollarString } from "@tumble/domain/money";
import { IconPlus, IconSearch, IconUserCheck } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatInstantDate } from "@tumble/domain/dateFormat";
import { EMPLOYEE_STATUSES, type EmployeeStatus } from "@tumble/domain/employees";
import { api } from "../../../lib/api";
import { useQuery, useQueryState } from "../../../lib/hooks";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { formatDisplayDate } from "../../../ui/laundromatSelection/format";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { CompleteRegistrationModal } from "./CompleteRegistrationModal";
import { CreateEmployeeModal } from "./EmployeeFormModal";
import { LinkRequestQueue } from "./LinkRequests";
import { payText } from "./messages";
import { ProfileDrawer } from "./ProfileDrawer";
import { EmployeeStatusBadge } from "./StatusBadge";
import type { EmployeeRow } from "./types";

const ALL = "all";

/** The list's filters, sort, page and the open profile in the URL (decision 0020). */
interface ProfilesSearch {
  q: string;
  store: string;
  status: EmployeeStatus;
  position: string;
  sort: string;
  dir: "asc" | "desc";
  page: number;
  open: string;
}
const SEARCH: SearchSchema<ProfilesSearch> = {
  q: param.text(100),
  store: param.text(64),
  status: param.oneOf(EMPLOYEE_STATUSES),
  position: param.text(60),
  sort: param.oneOf(["name", "status", "stores", "position", "pay", "hireDate", "phone", "email", "username"] as const),
  dir: param.oneOf(["asc", "desc"] as const),
  page: param.int(1),
  open: param.text(64),
};

/** /employee-management/profiles: the company's employees, the self-registrations waiting, and each profile. */
export function ProfilesScreen() {
  const { t } = useTranslation("employees");
  const [search, setSearch] = useSearchState(SEARCH);
  const [creating, setCreating] = useState(false);
  const [completing, setCompleting] = useState<EmployeeRow | null>(null);
  const role = useQuery(api.auth.getUserCompanyRole);
  const stores = useQuery(api.stores.listAll);
  const positions = useQuery(api.employees.positions);
  const pending = useQuery(api.employees.list, { status: "pending" });
  const list = useQueryState(api.employees.list, {
    ...(search.q?.trim() ? { search: search.q.trim() } : {}),
    ...(search.store ? { storeId: search.store } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.position ? { position: search.position } : {}),
  });
  const filtered = Boolean(search.q || search.store || search.status || search.position);

  const columns = useMemo<DataColumn<EmployeeRow>[]>(
    () => [
      {
        id: "name",
        header: t("columns.name"),
        cell: (e) => (
          <Stack gap={0} miw={0}>
            <Text fw={600} size="sm" truncate="end">
              {e.name}
            </Text>
            <Text size="xs" truncate="end">
              {e.username}
            </Text>
          </Stack>
        ),
        sortValue: (e) => e.name.toLowerCase(),
        csv: (e) => e.name,
        card: "title",
      },
      { id: "username", header: t("columns.username"), cell: (e) => e.username, sortValue: (e) => e.username.toLowerCase(), exportOnly: true },
      {
        id: "status",
        header: t("columns.status"),
        cell: (e) => <EmployeeStatusBadge status={e.status} />,
        sortValue: (e) => t(`statuses.${e.status as EmployeeStatus}`),
        card: "badge",
        width: 130,
      },
      {
        id: "stores",
        header: t("columns.stores"),
        cell: (e) => e.stores.map((s) => s.name).join(", "),
        sortValue: (e) => e.stores.map((s) => s.name).join(", "),
      },
      { id: "position", header: t("columns.position"), cell: (e) => e.position ?? "", sortValue: (e) => e.position ?? "" },
      {
        id: "pay",
        header: t("columns.pay"),
        cell: (e) => (
          <Text inherit style={{ whiteSpace: "nowrap" }}>
            {payText(t, e.rateCents, e.ratePayType)}
          </Text>
        ),
        sortValue: (e) => e.rateCents ?? -1,
        csv: (e) => (e.rateCents === null ? "" : centsToDollarString(e.rateCents)),
        align: "right",
        card: "aside",
      },
      {
        id: "payType",
        header: t("columns.payType"),
        cell: (e) => (e.ratePayType ? t(`payTypes.${e.ratePayType}`) : ""),
        sortValue: (e) => (e.ratePayType ? t(`payTypes.${e.ratePayType}`) : ""),
        exportOnly: true,
      },
      {
        id: "hireDate",
        header: t("columns.hireDate"),
        cell: (e) => (e.hireDate ? formatDisplayDate(e.hireDate) : ""),
        sortValue: (e) => e.hireDate ?? "",
      },
      {
        id: "endDate",
        header: t("columns.endDate"),
        cell: (e) => (e.endDate ? formatDisplayDate(e.endDate) : ""),
        sortValue: (e) => e.endDate ?? "",
        exportOnly: true,
      },
      {
        id: "phone",
        header: t("columns.phone"),
        cell: (e) => (
          <Text inherit style={{ whiteSpace: "nowrap" }}>
            {e.phone ?? ""}
          </Text>
        ),
        sortValue: (e) => e.phone ?? "",
      },
      { id: "email", header: t("columns.email"), cell: (e) => e.email ?? "", sortValue: (e) => e.email ?? "" },
    ],
    [t],
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <ScreenTitle title={t("title")} subtitle={t("subtitle")} />
        <Button leftSection={<IconPlus size={18} aria-hidden />} size="md" onClick={() => setCreating(true)} data-testid="new-employee">
          {t("newEmployee")}
        </Button>
      </Group>

      {pending && pending.length > 0 ? <PendingQueue employees={pending} onComplete={setCompleting} /> : null}
      <LinkRequestQueue onOpen={(employeeId) => setSearch({ open: employeeId }, { push: true })} />

      <DataTable
        tableId="employee-profiles"
        caption={t("tableCaption")}
        columns={columns}
        data={list.data}
        error={list.error}
        getRowId={(e) => e._id}
        rowName={(e) => e.name}
        sort={{ id: search.sort ?? "name", desc: search.dir === "desc" }}
        onSortChange={(s) => setSearch({ sort: s?.id, dir: s?.desc ? "desc" : undefined, page: undefined })}
        page={search.page ?? 1}
        onPageChange={(page) => setSearch({ page: page > 1 ? page : undefined })}
        onRowClick={(e) => setSearch({ open: e._id }, { push: true })}
        rowLabel={(e) => t("openRow", { name: e.name })}
        selectedId={search.open ?? null}
        exportName={role?.permissions.canExportReports ? "employees" : undefined}
        testId="employees-table"
        rowTestId="employee-row"
        rowAttributes={(e) => ({ "data-username": e.username, "data-status": e.status })}
        emptyText={filtered ? t("noneMatch") : t("empty")}
        toolbar={
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t("filters.search")}
              placeholder={t("filters.searchPlaceholder")}
              leftSection={<IconSearch size={16} aria-hidden />}
              defaultValue={search.q ?? ""}
              onChange={(event) => setSearch({ q: event.currentTarget.value || undefined, page: undefined })}
              w={{ base: "100%", xs: 240 }}
              size="md"
              data-testid="employee-search"
            />
            <Select
              label={t("filters.store")}
              data={[{ value: ALL, label: t("filters.allStores") }, ...(stores ?? []).map((s) => ({ value: s._id, label: s.name }))]}
              value={search.store ?? ALL}
              onChange={(v) => setSearch({ store: !v || v === ALL ? undefined : v, page: undefined })}
              allowDeselect={false}
              w={{ base: "100%", xs: 200 }}
              size="md"
              data-testid="employee-store-filter"
            />
            <Select
              label={t("filters.status")}
              data={[{ value: ALL, label: t("filters.allStatuses") }, ...EMPLOYEE_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]}
              value={search.status ?? ALL}
              onChange={(v) => setSearch({ status: !v || v === ALL ? undefined : (v as EmployeeStatus), page: undefined })}
              allowDeselect={false}
              w={{ base: "100%", xs: 170 }}
              size="md"
              data-testid="employee-status-filter"
            />
            <Select
              label={t("filters.position")}
              data={[{ value: ALL, label: t("filters.allPositions") }, ...(positions ?? []).map((p) => ({ value: p, label: p }))]}
              value={search.position ?? ALL}
              onChange={(v) => setSearch({ position: !v || v === ALL ? undefined : v, page: undefined })}
              allowDeselect={false}
              w={{ base: "100%", xs: 180 }}
              size="md"
              data-testid="employee-position-filter"
            />
          </Group>
        }
      />

      <ProfileDrawer employeeId={search.open} onClose={() => setSearch({ open: undefined })} />
      <CreateEmployeeModal opened={creating} onClose={() => setCreating(false)} onCreated={(id) => setSearch({ open: id }, { push: true })} />
      {completing ? <CompleteRegistrationModal key={completing._id} employee={completing} onClose={() => setCompleting(null)} /> : null}
    </Stack>
  );
}

/** Self-registrations waiting for a manager: who, when, and "Complete". */
function PendingQueue({ employees, onComplete }: { employees: EmployeeRow[]; onComplete: (employee: EmployeeRow) => void }) {
  const { t } = useTranslation("employees");
  return (
    <Card withBorder radius="md" p="md" data-testid="pending-registrations">
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <div>
          <Title order={2} size="h4">
            {t("pending.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("pending.subtitle")}
          </Text>
        </div>
        <Badge color="yellow" variant="light" size="lg">
          {t("pending.count", { count: employees.length })}
        </Badge>
      </Group>
      <Stack gap="xs" role="list" aria-label={t("pending.title")}>
        {employees.map((e) => (
          <Group key={e._id} justify="space-between" wrap="wrap" gap="sm" role="listitem" data-testid="pending-registration" data-username={e.username}>
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Avatar radius="xl" color="initials" name={e.name} alt="" />
              <Stack gap={0} miw={0}>
                <Text fw={600} size="sm" truncate="end">
                  {e.name}
                  {e.name !== e.username ? ` · ${e.username}` : ""}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {[e.email, t("pending.registered", { when: formatInstantDate(e.createdAt) })].filter(Boolean).join(" · ")}
                </Text>
              </Stack>
            </Group>
            <Button
              leftSection={<IconUserCheck size={16} aria-hidden />}
              onClick={() => onComplete(e)}
              aria-label={t("pending.completeFor", { name: e.name })}
              data-testid="complete-registration"
            >
              {t("pending.complete")}
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
