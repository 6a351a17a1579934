import { ActionIcon, Avatar, Badge, Card, Group, Paper, Select, Skeleton, Stack, Table, Text, TextInput, Title, Tooltip } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconSearch, IconTrash, IconUsers } from "@tabler/icons-react";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { COMPANY_ROLES, type CompanyRole } from "@tumble/domain/permissions";
import { canAssignRole, ROLE_RANK } from "@tumble/domain/roleRank";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { useMutation, useQuery } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { RoleBadge } from "../../../ui/companyFinder/badges";
import { formatDate } from "../../../ui/companyFinder/format";
import { openConfirm } from "../../../ui/confirm";

type Member = ReturnsOf<typeof api.companyMembers.listMembers>[number];

/** /company/users: the members of the active company, their roles, role changes and removal. */
export default function CompanyUsersScreen() {
  const { t } = useTranslation(["admin", "common"]);
  const members = useQuery(api.companyMembers.listMembers);
  const me = useQuery(api.auth.getUserCompanyRole);
  const changeRole = useMutation(api.companyMembers.changeMemberRole);
  const removeMember = useMutation(api.companyMembers.removeMember);
  const [filter, setFilter] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const phone = useMediaQuery("(max-width: 47.99em)");

  const isSystemAdmin = me?.permissions.isSystemAdmin ?? false;
  const assignable = COMPANY_ROLES.filter((role) => canAssignRole(me?.role, role, isSystemAdmin));
  const roleOptions = assignable.map((role) => ({ value: role, label: t(`common:roles.${role}`) }));
  const manageable = (member: Member) =>
    !member.isSelf && (isSystemAdmin || (ROLE_RANK[member.role as CompanyRole] ?? 0) <= (ROLE_RANK[me?.role as CompanyRole] ?? 0));

  const needle = filter.trim().toLowerCase();
  const shown = (members ?? []).filter((m) => !needle || [m.email, m.name, m.username].some((v) => v?.toLowerCase().includes(needle)));

  const onRoleChange = async (member: Member, role: string | null) => {
    if (!role || role === member.role) return;
    setBusy(member._id);
    try {
      await changeRole({ membershipId: member._id, role: role as CompanyRole });
      notifySuccess(t("users.roleChanged", { who: displayName(member), role: t(`common:roles.${role}`) }));
    } catch (error) {
      notifyError(extractErrorMessage(error, t("users.roleChangeFailed")));
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
          .catch((error: unknown) => notifyError(extractErrorMessage(error, t("users.removeFailed"))))
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

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            {t("users.title")}
          </Title>
          <Text c="dimmed" size="sm">
            {t("users.subtitle")}
          </Text>
        </div>
        {members ? (
          <Badge size="lg" variant="light" leftSection={<IconUsers size={14} aria-hidden />}>
            {t("users.count", { count: members.length })}
          </Badge>
        ) : null}
      </Group>

      <Card withBorder radius="lg" padding={phone ? "sm" : "md"}>
        <Stack gap="md">
          <TextInput
            placeholder={t("users.filter")}
            aria-label={t("users.filter")}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            maw={{ sm: 360 }}
          />
          {!members ? (
            <Stack gap="xs" aria-busy>
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} height={44} radius="sm" />
              ))}
            </Stack>
          ) : shown.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {t("users.none")}
            </Text>
          ) : phone ? (
            <Stack gap="xs" data-testid="members">
              {shown.map((member) => (
                <Paper key={member._id} withBorder radius="md" p="sm" data-testid="member-row" data-email={member.email ?? ""}>
                  <Stack gap="xs">
                    <Person member={member} />
                    <Group gap="xs" justify="space-between">
                      <RoleBadge role={member.role} />
                      <Text size="xs" c="dimmed">
                        {t("users.joinedOn", { date: formatDate(member.joinedAt) })}
                      </Text>
                    </Group>
                    {controls(member)}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" highlightOnHover data-testid="members">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("users.columns.member")}</Table.Th>
                    <Table.Th>{t("users.columns.role")}</Table.Th>
                    <Table.Th>{t("users.columns.joined")}</Table.Th>
                    <Table.Th ta="right">{t("users.columns.actions")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((member) => (
                    <Table.Tr key={member._id} data-testid="member-row" data-email={member.email ?? ""}>
                      <Table.Td>
                        <Person member={member} />
                      </Table.Td>
                      <Table.Td>
                        <RoleBadge role={member.role} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDate(member.joinedAt)}</Text>
                      </Table.Td>
                      <Table.Td>{controls(member)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
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
