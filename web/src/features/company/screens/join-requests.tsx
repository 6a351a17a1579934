import { Avatar, Badge, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput, ThemeIcon } from "@mantine/core";
import { IconCheck, IconInbox, IconSearch, IconX } from "@tabler/icons-react";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { COMPANY_ROLES, type CompanyRole } from "@tumble/domain/permissions";
import { canAssignRole } from "@tumble/domain/roleRank";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/companyRefusals";
import { useMutation, useQuery, useQueryState } from "../../../lib/hooks";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { formatDateTime } from "../../../ui/companyFinder/format";
import { ScreenTitle } from "../../../ui/ScreenTitle";

type JoinRequest = ReturnsOf<typeof api.companyJoinRequests.getPendingRequestsForCompany>[number];

const DEFAULT_ROLE: CompanyRole = "MEMBER";

/** The list's filter, sort and page in the URL (decision 0020). */
interface JoinRequestsSearch {
  q: string;
  sort: "requester" | "requested";
  dir: "asc" | "desc";
  page: number;
}
const SEARCH: SearchSchema<JoinRequestsSearch> = {
  q: param.text(100),
  sort: param.oneOf(["requester", "requested"] as const),
  dir: param.oneOf(["asc", "desc"] as const),
  page: param.int(1),
};

/** /company/join-requests: pending requests to join the active company; approve with a role, or deny. */
export default function JoinRequestsScreen() {
  const { t } = useTranslation(["admin", "common"]);
  const state = useQueryState(api.companyJoinRequests.getPendingRequestsForCompany);
  const requests = state.data;
  const [denying, setDenying] = useState<JoinRequest | null>(null);
  const [search, setSearch] = useSearchState(SEARCH);
  const needle = search.q?.trim().toLowerCase() ?? "";
  const shown = useMemo(
    () => (needle ? requests?.filter((r) => [r.name, r.email, r.username, r.message].some((v) => v?.toLowerCase().includes(needle))) : requests),
    [requests, needle],
  );
  const columns: DataColumn<JoinRequest>[] = [
    {
      id: "requester",
      header: t("joinRequests.requester"),
      cell: (r) => <Requester request={r} />,
      sortValue: requesterName,
      csv: (r) => r.email,
      card: "title",
    },
    {
      id: "requested",
      header: t("joinRequests.requested"),
      cell: (r) => <Text size="sm">{formatDateTime(r.requestedAt)}</Text>,
      sortValue: (r) => r.requestedAt,
    },
    {
      id: "message",
      header: t("joinRequests.message"),
      cell: (r) =>
        r.message ? (
          <Text size="sm" fs="italic" lineClamp={3}>
            {r.message}
          </Text>
        ) : (
          "—"
        ),
      csv: (r) => r.message ?? "",
    },
    { id: "decision", header: t("joinRequests.decision"), cell: (r) => <Decision request={r} onDeny={() => setDenying(r)} />, hideable: false, card: "footer" },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <ScreenTitle title={t("joinRequests.title")} subtitle={t("joinRequests.subtitle")} />
        {requests && requests.length > 0 ? (
          <Badge size="lg" color="yellow" variant="light">
            {t("joinRequests.count", { count: requests.length })}
          </Badge>
        ) : null}
      </Group>

      <DataTable
        tableId="join-requests"
        caption={t("joinRequests.title")}
        columns={columns}
        data={shown}
        error={state.error}
        getRowId={(r) => r._id}
        rowName={requesterName}
        sort={{ id: search.sort ?? "requested", desc: (search.dir ?? "desc") === "desc" }}
        onSortChange={(s) => setSearch({ sort: s?.id as JoinRequestsSearch["sort"], dir: s?.desc ? undefined : "asc", page: undefined })}
        page={search.page ?? 1}
        onPageChange={(page) => setSearch({ page: page > 1 ? page : undefined })}
        testId="join-requests"
        rowTestId="join-request"
        rowAttributes={(r) => ({ "data-email": r.email ?? "" })}
        toolbar={
          requests && requests.length > 0 ? (
            <TextInput
              label={t("joinRequests.filter")}
              leftSection={<IconSearch size={16} aria-hidden />}
              defaultValue={search.q ?? ""}
              onChange={(event) => setSearch({ q: event.currentTarget.value || undefined, page: undefined })}
              w={{ base: "100%", xs: 280 }}
            />
          ) : null
        }
        emptyText={
          <Stack align="center" gap="xs" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray">
              <IconInbox size={26} aria-hidden />
            </ThemeIcon>
            <Text fw={600} c="var(--mantine-color-text)">
              {search.q ? t("joinRequests.noneMatch") : t("joinRequests.none")}
            </Text>
            {search.q ? null : <Text size="sm">{t("joinRequests.noneHint")}</Text>}
          </Stack>
        }
      />

      <DenyDialog request={denying} onClose={() => setDenying(null)} />
    </Stack>
  );
}

function requesterName(request: JoinRequest): string {
  return request.name || request.email || request.username || request.userId;
}

function Requester({ request }: { request: JoinRequest }) {
  const who = requesterName(request);
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar radius="xl" color="initials" name={who} alt="" />
      <Stack gap={0} miw={0}>
        <Text fw={600} size="sm" truncate="end">
          {who}
        </Text>
        {request.name && request.email ? (
          <Text size="xs" c="dimmed" fw={400} truncate="end">
            {request.email}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

/** The role to give and Approve / Deny, for one request. */
function Decision({ request, onDeny }: { request: JoinRequest; onDeny: () => void }) {
  const { t } = useTranslation(["admin", "common"]);
  const me = useQuery(api.auth.getUserCompanyRole);
  const approve = useMutation(api.companyJoinRequests.approveJoinRequest);
  const [role, setRole] = useState<CompanyRole>(DEFAULT_ROLE);
  const [approving, setApproving] = useState(false);
  const who = requesterName(request);
  const roleOptions = COMPANY_ROLES.filter((r) => canAssignRole(me?.role, r, me?.permissions.isSystemAdmin ?? false)).map((r) => ({
    value: r,
    label: t(`common:roles.${r}`),
  }));

  const onApprove = async () => {
    setApproving(true);
    try {
      await approve({ requestId: request._id, role });
      notifySuccess(t("joinRequests.approved", { who, role: t(`common:roles.${role}`) }));
    } catch (error) {
      notifyError(errorText(error, t("joinRequests.approveFailed")));
      setApproving(false);
    }
  };

  return (
    <Group gap="xs" align="center" wrap="wrap" justify="flex-end">
      <Select
        size="sm"
        w={{ base: "100%", xs: 170 }}
        data={roleOptions}
        value={role}
        onChange={(value) => value && setRole(value as CompanyRole)}
        allowDeselect={false}
        disabled={approving}
        comboboxProps={{ withinPortal: true }}
        aria-label={t("joinRequests.roleFor", { who })}
      />
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" color="red" leftSection={<IconX size={16} aria-hidden />} onClick={onDeny} disabled={approving}>
          {t("joinRequests.deny")}
        </Button>
        <Button color="teal" leftSection={<IconCheck size={16} aria-hidden />} onClick={() => void onApprove()} loading={approving}>
          {t("joinRequests.approve")}
        </Button>
      </Group>
    </Group>
  );
}

/** Deny with an optional reason, kept in the audit record. */
function DenyDialog({ request, onClose }: { request: JoinRequest | null; onClose: () => void }) {
  const { t } = useTranslation(["admin", "common"]);
  const deny = useMutation(api.companyJoinRequests.denyJoinRequest);
  const [reason, setReason] = useState("");
  const [sending, setSending] = useState(false);
  const close = () => {
    setReason("");
    onClose();
  };
  const onConfirm = async () => {
    if (!request) return;
    setSending(true);
    try {
      await deny({ requestId: request._id, reason: reason.trim() || undefined });
      notifySuccess(t("joinRequests.denied", { who: requesterName(request) }));
      close();
    } catch (error) {
      notifyError(errorText(error, t("joinRequests.denyFailed")));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={request !== null} onClose={close} title={t("joinRequests.denyTitle")} centered>
      <Stack gap="md">
        <Text size="sm">{request ? t("joinRequests.denyMessage", { who: requesterName(request) }) : null}</Text>
        <Textarea
          label={t("joinRequests.reason")}
          placeholder={t("joinRequests.reasonPlaceholder")}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close} disabled={sending}>
            {t("common:actions.cancel")}
          </Button>
          <Button color="red" onClick={() => void onConfirm()} loading={sending} data-testid="confirm-deny">
            {t("joinRequests.denyConfirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
