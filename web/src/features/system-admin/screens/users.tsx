import { Badge, Card, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import type { ReturnsOf } from "@tumble/domain/functionPath";
// Imported for its refusal table, which platformErrorText reads by code.
import "@tumble/domain/systemAdminRefusals";
import { SYSTEM_ROLES, type SystemRole } from "@tumble/domain/permissions";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useAction, useMutation, useQuery, useQueryState } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { formatDateTime } from "../../../ui/companyFinder/format";
import { openConfirm } from "../../../ui/confirm";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { PendingChanges, platformErrorText } from "../parts/PendingChanges";
import { UserActionsMenu } from "../parts/UserActionsMenu";

type User = ReturnsOf<typeof api.systemAdmin.listUsers>[number];

const ROLE_FILTERS = ["system", "none", ...SYSTEM_ROLES] as const;
interface UsersSearch {
  q: string;
  role: (typeof ROLE_FILTERS)[number];
  status: "active" | "disabled";
  sort: "user" | "role" | "lastSignIn";
  dir: "asc" | "desc";
  page: number;
}
const SEARCH: SearchSchema<UsersSearch> = {
  q: param.text(100),
  role: param.oneOf(ROLE_FILTERS),
  status: param.oneOf(["active", "disabled"] as const),
  sort: param.oneOf(["user", "role", "lastSignIn"] as const),
  dir: param.oneOf(["asc", "desc"] as const),
  page: param.int(1),
};

const NO_ROLE = "none";

/** /system-admin/users: every account across companies; global roles, disable, password reset, sessions. */
export default function SystemAdminUsers() {
  const { t } = useTranslation(["systemAdmin", "common", "twoPerson"]);
  const [search, setSearch] = useSearchState(SEARCH);
  const state = useQueryState(api.systemAdmin.listUsers, { search: search.q ?? "", role: search.role ?? "all", status: search.status ?? "all" });
  const me = useQuery(api.auth.getUserCompanyRole);
  const myself = useQuery(api.auth.loggedInUser);
  const setRole = useMutation(api.systemAdmin.setGlobalRole);
  const setDisabled = useMutation(api.systemAdmin.setUserDisabled);
  const endSessions = useMutation(api.systemAdmin.endSessions);
  const signIn = useAction(api.auth.signIn);
  const [busy, setBusy] = useState<string | null>(null);
  // Roles given in the console wait for a second administrator (decision 0060): shown on the account's row.
  const changes = useQuery(api.systemAdmin.listChanges, { status: "pending" });
  const waitingRole = new Map((changes ?? []).filter((c) => c.kind === "globalRole").map((c) => [c.targetUserId, c.globalRole]));
  const phone = useMediaQuery("(max-width: 47.99em)");
  const isSuper = me?.permissions.isSuperAdmin ?? false;
  const name = (u: User) => u.name || u.email || u.username || u.id;

  const run = async <R,>(u: User, work: () => Promise<R>, done: string | ((result: R) => string)) => {
    setBusy(u.id);
    try {
      const result = await work();
      notifySuccess(typeof done === "string" ? done : done(result));
    } catch (error) {
      notifyError(platformErrorText(error, t("users.failed")));
    } finally {
      setBusy(null);
    }
  };

  const onRole = (u: User, value: string | null) => {
    const role = value === NO_ROLE || !value ? null : (value as SystemRole);
    if (role === u.globalRole) return;
    const roleName = t(`users.roles.${role ?? NO_ROLE}`);
    void run(
      u,
      () => setRole({ userId: u.id, globalRole: role }),
      (r) =>
        r.status === "pending" ? t("twoPerson:roleRequested", { who: name(u), role: roleName }) : t("users.roleChanged", { who: name(u), role: roleName }),
    );
  };

  const onDisable = (u: User, disabled: boolean) =>
    openConfirm({
      title: disabled ? t("users.disableTitle", { who: name(u) }) : t("users.enableTitle", { who: name(u) }),
      message: disabled ? t("users.disableMessage") : t("users.enableMessage"),
      confirmLabel: disabled ? t("users.disable") : t("users.enable"),
      cancelLabel: t("common:actions.cancel"),
      destructive: disabled,
      confirmTestId: "confirm-disable",
      onConfirm: () =>
        void run(
          u,
          () => setDisabled({ userId: u.id, disabled }),
          disabled ? t("users.disabledDone", { who: name(u) }) : t("users.enabledDone", { who: name(u) }),
        ),
    });

  const onEndSessions = (u: User) =>
    openConfirm({
      title: t("users.endSessionsTitle", { who: name(u) }),
      message: t("users.endSessionsMessage", { count: u.activeSessions }),
      confirmLabel: t("users.endSessions"),
      cancelLabel: t("common:actions.cancel"),
      destructive: true,
      confirmTestId: "confirm-end-sessions",
      onConfirm: () => void run(u, () => endSessions({ userId: u.id }), t("users.sessionsEnded", { who: name(u) })),
    });

  const onReset = (u: User) => {
    if (!u.email) return;
    void run(u, () => signIn({ provider: "password", params: { flow: "reset", email: u.email } }), t("users.resetSent", { email: u.email }));
  };

  const roleOptions = [NO_ROLE, ...SYSTEM_ROLES.filter((r) => isSuper || r !== "SUPER_ADMIN")].map((r) => ({ value: r, label: t(`users.roles.${r}`) }));

  const columns: DataColumn<User>[] = [
    {
      id: "user",
      header: t("users.columns.user"),
      cell: (u) => (
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={500} truncate="end">
            {name(u)}
          </Text>
          {u.name && u.email ? (
            <Text size="xs" c="dimmed" truncate="end">
              {u.email}
            </Text>
          ) : null}
        </Stack>
      ),
      sortValue: (u) => name(u).toLowerCase(),
      csv: (u) => u.email ?? "",
      card: "title",
    },
    {
      id: "memberships",
      header: t("users.columns.memberships"),
      cell: (u) =>
        u.memberships.length ? (
          <Group gap={4}>
            {u.memberships.map((m) => (
              <Badge key={m.companyId} variant="light" size="sm" tt="none">
                {m.companyName} · {t(`common:roles.${m.role}`, { defaultValue: m.role })}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {t("users.noCompany")}
          </Text>
        ),
      csv: (u) => u.memberships.map((m) => `${m.companyName} (${m.role})`).join("; "),
    },
    {
      id: "role",
      header: t("users.columns.globalRole"),
      sortValue: (u) => u.globalRole ?? "",
      cell: (u) => {
        const locked = u.globalRole === "SUPER_ADMIN" && !isSuper;
        const waiting = waitingRole.get(u.id);
        return (
          <Stack gap={4} align="flex-start">
            <Select
              size="xs"
              w={{ base: "100%", sm: 180 }}
              data={locked ? [{ value: "SUPER_ADMIN", label: t("users.roles.SUPER_ADMIN") }] : roleOptions}
              value={u.globalRole ?? NO_ROLE}
              onChange={(v) => onRole(u, v)}
              disabled={locked || busy === u.id}
              allowDeselect={false}
              aria-label={t("users.roleFor", { who: name(u) })}
              comboboxProps={{ withinPortal: true }}
            />
            {waiting ? (
              <Badge size="sm" variant="light" color="yellow" tt="none" style={{ minWidth: "max-content" }} data-testid="role-waiting">
                {t("twoPerson:roleWaiting", { role: t(`users.roles.${waiting}`) })}
              </Badge>
            ) : null}
          </Stack>
        );
      },
    },
    {
      id: "status",
      header: t("users.columns.status"),
      card: "badge",
      sortValue: (u) => (u.disabled ? 1 : 0),
      cell: (u) =>
        u.disabled ? (
          <Badge color="red" variant="light">
            {t("users.status.disabled")}
          </Badge>
        ) : (
          <Badge color="green" variant="light">
            {t("users.status.active")}
          </Badge>
        ),
    },
    {
      id: "lastSignIn",
      header: t("users.columns.lastSignIn"),
      sortValue: (u) => u.lastSignIn ?? "",
      cell: (u) => (
        <Stack gap={0}>
          <Text size="sm">{u.lastSignIn ? formatDateTime(Date.parse(u.lastSignIn)) : t("users.never")}</Text>
          <Text size="xs" c="dimmed">
            {t("users.sessions", { count: u.activeSessions })}
          </Text>
        </Stack>
      ),
    },
    {
      id: "actions",
      header: t("users.columns.actions"),
      hideable: false,
      align: "right",
      card: "footer",
      cell: (u) => (
        <UserActionsMenu
          user={u}
          who={name(u)}
          busy={busy === u.id}
          isMyself={u.id === myself?._id}
          onReset={() => onReset(u)}
          onEndSessions={() => onEndSessions(u)}
          onDisable={(disabled) => onDisable(u, disabled)}
        />
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <ScreenTitle title={t("users.title")} subtitle={t("users.subtitle")} />
      <PendingChanges kind="globalRole" testId="pending-roles" />
      <Card withBorder radius="lg" padding={phone ? "sm" : "md"}>
        <DataTable
          tableId="system-admin-users"
          caption={t("users.title")}
          columns={columns}
          data={state.data}
          error={state.error}
          getRowId={(u) => u.id}
          rowName={name}
          sort={{ id: search.sort ?? "user", desc: search.dir === "desc" }}
          onSortChange={(s) => setSearch({ sort: s?.id as UsersSearch["sort"], dir: s?.desc ? "desc" : undefined, page: undefined })}
          page={search.page ?? 1}
          onPageChange={(page) => setSearch({ page: page > 1 ? page : undefined })}
          emptyText={t("users.none")}
          testId="platform-users"
          rowTestId="user-row"
          rowAttributes={(u) => ({ "data-email": u.email ?? "" })}
          toolbar={
            <>
              <TextInput
                label={t("users.search")}
                leftSection={<IconSearch size={16} aria-hidden />}
                defaultValue={search.q ?? ""}
                onChange={(e) => setSearch({ q: e.currentTarget.value || undefined, page: undefined })}
                w={{ base: "100%", xs: 280 }}
              />
              <Select
                label={t("users.columns.globalRole")}
                data={[{ value: "", label: t("users.roles.all") }, ...ROLE_FILTERS.map((r) => ({ value: r, label: t(`users.roles.${r}`) }))]}
                value={search.role ?? ""}
                onChange={(v) => setSearch({ role: (v || undefined) as UsersSearch["role"], page: undefined })}
                allowDeselect={false}
                w={{ base: "100%", xs: 200 }}
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label={t("users.columns.status")}
                data={[
                  { value: "", label: t("users.status.all") },
                  { value: "active", label: t("users.status.active") },
                  { value: "disabled", label: t("users.status.disabled") },
                ]}
                value={search.status ?? ""}
                onChange={(v) => setSearch({ status: (v || undefined) as UsersSearch["status"], page: undefined })}
                allowDeselect={false}
                w={{ base: "100%", xs: 160 }}
                comboboxProps={{ withinPortal: true }}
              />
            </>
          }
        />
      </Card>
    </Stack>
  );
}
