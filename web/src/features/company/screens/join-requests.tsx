import { Avatar, Badge, Blockquote, Button, Card, Group, Modal, Select, Skeleton, Stack, Text, Textarea, ThemeIcon, Title } from "@mantine/core";
import { IconCheck, IconInbox, IconX } from "@tabler/icons-react";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { COMPANY_ROLES, type CompanyRole } from "@tumble/domain/permissions";
import { canAssignRole } from "@tumble/domain/roleRank";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { useMutation, useQuery } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { formatDateTime } from "../../../ui/companyFinder/format";

type JoinRequest = ReturnsOf<typeof api.companyJoinRequests.getPendingRequestsForCompany>[number];

const DEFAULT_ROLE: CompanyRole = "MEMBER";

/** /company/join-requests: pending requests to join the active company; approve with a role, or deny. */
export default function JoinRequestsScreen() {
  const { t } = useTranslation(["admin", "common"]);
  const requests = useQuery(api.companyJoinRequests.getPendingRequestsForCompany);
  const [denying, setDenying] = useState<JoinRequest | null>(null);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            {t("joinRequests.title")}
          </Title>
          <Text c="dimmed" size="sm">
            {t("joinRequests.subtitle")}
          </Text>
        </div>
        {requests && requests.length > 0 ? (
          <Badge size="lg" color="yellow" variant="light">
            {t("joinRequests.count", { count: requests.length })}
          </Badge>
        ) : null}
      </Group>

      {!requests ? (
        <Stack gap="sm" aria-busy>
          {[0, 1].map((i) => (
            <Skeleton key={i} height={120} radius="lg" />
          ))}
        </Stack>
      ) : requests.length === 0 ? (
        <Card withBorder radius="lg" padding="xl" data-testid="join-requests-empty">
          <Stack align="center" gap="xs" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray">
              <IconInbox size={26} aria-hidden />
            </ThemeIcon>
            <Text fw={600}>{t("joinRequests.none")}</Text>
            <Text size="sm" c="dimmed">
              {t("joinRequests.noneHint")}
            </Text>
          </Stack>
        </Card>
      ) : (
        <Stack gap="sm" data-testid="join-requests">
          {requests.map((request) => (
            <RequestCard key={request._id} request={request} onDeny={() => setDenying(request)} />
          ))}
        </Stack>
      )}

      <DenyDialog request={denying} onClose={() => setDenying(null)} />
    </Stack>
  );
}

function requesterName(request: JoinRequest): string {
  return request.name || request.email || request.username || request.userId;
}

function RequestCard({ request, onDeny }: { request: JoinRequest; onDeny: () => void }) {
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
      notifyError(extractErrorMessage(error, t("joinRequests.approveFailed")));
      setApproving(false);
    }
  };

  return (
    <Card withBorder radius="lg" padding="md" data-testid="join-request" data-email={request.email ?? ""} aria-label={who}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar radius="xl" color="initials" name={who} alt="" />
          <Stack gap={0} miw={0} style={{ flex: 1 }}>
            <Text fw={600} truncate="end">
              {who}
            </Text>
            {request.name && request.email ? (
              <Text size="sm" c="dimmed" truncate="end">
                {request.email}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {t("joinRequests.requestedAt", { date: formatDateTime(request.requestedAt) })}
            </Text>
          </Stack>
          <Badge color="yellow" variant="light" style={{ flexShrink: 0 }}>
            {t("requestStatus.PENDING")}
          </Badge>
        </Group>
        {request.message ? (
          <Blockquote p="xs" pl="md" radius="sm" color="gray" fz="sm" iconSize={0}>
            {request.message}
          </Blockquote>
        ) : null}
        <Group gap="xs" justify="flex-end" align="flex-end" wrap="wrap">
          <Select
            size="sm"
            w={{ base: "100%", xs: 200 }}
            label={t("joinRequests.role")}
            data={roleOptions}
            value={role}
            onChange={(value) => value && setRole(value as CompanyRole)}
            allowDeselect={false}
            disabled={approving}
            comboboxProps={{ withinPortal: true }}
            aria-label={t("joinRequests.roleFor", { who })}
          />
          <Group gap="xs" wrap="nowrap" style={{ flexGrow: 0 }}>
            <Button variant="default" color="red" leftSection={<IconX size={16} aria-hidden />} onClick={onDeny} disabled={approving}>
              {t("joinRequests.deny")}
            </Button>
            <Button color="teal" leftSection={<IconCheck size={16} aria-hidden />} onClick={() => void onApprove()} loading={approving}>
              {t("joinRequests.approve")}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
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
      notifyError(extractErrorMessage(error, t("joinRequests.denyFailed")));
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
