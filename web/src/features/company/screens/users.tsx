import { ActionIcon, Avatar, Badge, Card, Group, Select, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconSearch, IconTrash, IconUsers } from "@tabler/icons-react";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { COMPANY_ROLES, type CompanyRole } from "@tumble/domain/permissions";
import { canAssignRole, ROLE_RANK } from "@tumble/domain/roleRank";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/companyRefusals";
import { useMutation, useQuery, useQueryState } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { RoleBadge } from "../../../ui/companyFinder/badges";
import { formatDate } from "../../../ui/companyFinder/format";
import { openConfirm } from "../../../ui/confirm";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { ScreenTitle } from "../../../ui/ScreenTitle";

type Member = ReturnsOf<typeof api.companyMembers.listMembers>[number];

/** The list's filters in the URL (decision 0020). */
interface UsersSearch {
  q: string;
  role: CompanyRole;
  sort: "member" | "role" | "joined";
  dir: "asc" | "desc";
  page: number;
}
const SEARCH: SearchSchema<UsersSearch> = {
  q: param.text(100),
  role: param.oneOf(COMPANY_ROLES),
  sort: param.oneOf(["member", "role", "joined"] as const),
  dir: param.oneOf(["asc", "desc"] as const),
  page: param.int(1),
};

/** /company/users: the members of the active company, their roles, role changes and removal. */
export default function CompanyUsersScreen() {
  const { t } = useTranslation(["admin", "common"]);
  const membersState = useQueryState(api.companyMembers.listMembers);
  const members = membersState.data;
  const me = useQuery(api.auth.getUserCompanyRole);
  const changeRole = useMutation(api.companyMembers.changeMemberRole);
  const removeMember = useMutation(api.companyMembers.removeMember);
  const [search, setSearch] = useSearchState(SEARCH);
  const [busy, setBusy] = useState<string | null>(null);
  const phone = useMediaQuery("(max-width: 47.99em)");

  const isSystemAdmin = me?.permissions.isSystemAdmin ?? false;
  const assignable = COMPANY_ROLES.filter((role) => canAssignRole(me?.role, role, isSystemAdmin));
  const roleOptions = assignable.map((role) => ({ value: role, label: t(`common:roles.${role}`) }));
  const manageable = (member: Member) =>
    !member.isSelf && (isSystemAdmin || (ROLE_RANK[member.role as CompanyRole] ?? 0) <= (ROLE_RANK[me?.role as CompanyRole] ?? 0));

  const needle = search.q?.trim().toLowerCase() ?? "";
  const shown = useMemo(
    () =>
      members?.filter(
        (m) => (!needle || [m.email, m.name, m.username].some((v) => v?.toLowerCase().includes(needle))) && (!search.role || m.role === search.role),
      ),
    [members, needle, search.role],
  );

  const onRoleChange = async (member: Member, role: string | null) => {
    if (!role || role === member.role) return;
    setBusy(member._id);
    try {
      await changeRole({ membershipId: member._id, role: role as CompanyRole });
      notifySuccess(t("users.roleChanged", { who: displayName(member), role: t(`common:roles.${role}`) }));
    } catch (error) {
      notifyError(errorText(error, t("users.roleChangeFailed")));
    } finally {
      setBusy(null);
    }
  };

  const onRemove = (member: Member) =>
    openConfirm({
      title: t("users.removeTitle"),
      message: t("users.removeMessage", { who: displayName(member) }),
      confirmLabel: t("users.removeConfirm"),
      cancelLabel: t("common:actions.cancel"),
      destructive: true,
      confirmTestId: "confirm-remove-member",
      onConfirm: () => {
        setBusy(member._id);
        removeMember({ membershipId: member._id })
          .then(() => notifySuccess(t("users.removed", { who: displayName(member) })))
          .catch((error: unknown) => notifyError(errorText(error, t("users.removeFailed"))))
          .finally(() => setBusy(null));
      },
    });

  const controls = (member: Member) => {
    const allowed = manageable(member);
    const why = member.isSelf ? t("users.cannotChangeSelf") : t("users.cannotChangeHigher");
    const select = (
      <Select
        size="xs"
        w={{ base: "100%", sm: 180 }}
        data={allowed ? roleOptions : [{ value: member.role, label: t(`common:roles.${member.role}`, { defaultValue: member.role }) }]}
        value={member.role}
        onChange={(role) => void onRoleChange(member, role)}
        disabled={!allowed || busy === member._id}
        allowDeselect={false}
        aria-label={t("users.roleFor", { who: displayName(member) })}
        comboboxProps={{ withinPortal: true }}
      />
    );
    return (
      <Group gap="xs" wrap="nowrap" justify="flex-end" style={phone ? { width: "100%" } : undefined}>
        {allowed ? (
          select
        ) : (
          <Tooltip label={why}>
            <div style={phone ? { flex: 1 } : undefined}>{select}</div>
          </Tooltip>
        )}
        <Tooltip label={allowed ? t("users.remove") : why}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            onClick={() => onRemove(member)}
            disabled={!allowed || busy === member._id}
            aria-label={t("users.removeWho", { who: displayName(member) })}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  };

  const columns: DataColumn<Member>[] = [
    { id: "member", header: t("users.columns.member"), cell: (m) => <Person member={m} />, sortValue: displayName, csv: (m) => m.email, card: "title" },
    {
      id: "role",
      header: t("users.columns.role"),
      cell: (m) => <RoleBadge role={m.role} />,
      sortValue: (m) => ROLE_RANK[m.role as CompanyRole] ?? 0,
      card: "badge",
    },
    {
      id: "joined",
      header: t("users.columns.joined"),
      cell: (m) => <Text size="sm">{formatDate(m.joinedAt)}</Text>,
      sortValue: (m) => m.joinedAt,
    },
    { id: "actions", header: t("users.columns.actions"), cell: controls, hideable: false, align: "right", card: "footer" },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <ScreenTitle title={t("users.title")} subtitle={t("users.subtitle")} />
        {members ? (
          <Badge size="lg" variant="light" leftSection={<IconUsers size={14} aria-hidden />}>
            {t("users.count", { count: members.length })}
          </Badge>
        ) : null}
      </Group>

      <Card withBorder radius="lg" padding={phone ? "sm" : "md"}>
        <DataTable
          tableId="company-users"
          caption={t("users.title")}
          columns={columns}
          data={shown}
          error={membersState.error}
          getRowId={(m) => m._id}
          rowName={displayName}
          sort={{ id: search.sort ?? "member", desc: search.dir === "desc" }}
          onSortChange={(s) => setSearch({ sort: s?.id as UsersSearch["sort"], dir: s?.desc ? "desc" : undefined, page: undefined })}
          page={search.page ?? 1}
          onPageChange={(page) => setSearch({ page: page > 1 ? page : undefined })}
          emptyText={t("users.none")}
          testId="members"
          rowTestId="member-row"
          rowAttributes={(m) => ({ "data-email": m.email ?? "" })}
          toolbar={
            <>
              <TextInput
                label={t("users.filter")}
                leftSection={<IconSearch size={16} aria-hidden />}
                defaultValue={search.q ?? ""}
                onChange={(event) => setSearch({ q: event.currentTarget.value || undefined, page: undefined })}
                w={{ base: "100%", xs: 280 }}
              />
              <Select
                label={t("users.columns.role")}
                data={[{ value: "", label: t("users.allRoles") }, ...COMPANY_ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))]}
                value={search.role ?? ""}
                onChange={(role) => setSearch({ role: (role || undefined) as CompanyRole | undefined, page: undefined })}
                allowDeselect={false}
                w={{ base: "100%", xs: 200 }}
                comboboxProps={{ withinPortal: true }}
              />
            </>
          }
        />
      </Card>
    </Stack>
  );
}

function displayName(member: Member): string {
  return member.name || member.email || member.username || member._id;
}

function Person({ member }: { member: Member }) {
  const { t } = useTranslation("admin");
  const title = member.name || member.email || member.username || "";
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar radius="xl" color="initials" name={title} alt="" />
      <Stack gap={0} miw={0}>
        <Group gap={6} wrap="nowrap">
          <Text fw={500} size="sm" truncate="end">
            {title}
          </Text>
          {member.isSelf ? (
            <Badge size="xs" variant="outline">
              {t("users.you")}
            </Badge>
          ) : null}
        </Group>
        {member.name && member.email ? (
          <Text size="xs" c="dimmed" truncate="end">
            {member.email}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
