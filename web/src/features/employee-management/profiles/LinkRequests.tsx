import { Alert, Avatar, Badge, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconCheck, IconLink, IconX } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatInstantDate } from "@tumble/domain/dateFormat";
import { LINK_REASON_MAX, localizeEmploymentMessage } from "@tumble/domain/employment";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { api } from "../../../lib/api";
import { useMutation, useQuery } from "../../../lib/hooks";
import { currentLanguage } from "../../../lib/i18n";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { errorText } from "./messages";

// Requests to link an account to a profile that has no e-mail address (issue 31): the person
// knew the profile's kiosk username and PIN, which alone never links. A manager approves or
// declines them here: listed above the profiles, and on the profile itself. Nobody decides their
// own request (the server refuses it too).

type PendingLink = ReturnsOf<typeof api.employmentLinks.listPending>[number];

function linkErrorText(t: TFunction<"employees">, error: unknown): string {
  const message = extractErrorMessage(error, t("linkRequests.failed")).replace(/^Invalid argument "[^"]*": /, "");
  const own = localizeEmploymentMessage(message, currentLanguage());
  return own !== message ? own : errorText(t, error, t("linkRequests.failed"));
}

const requester = (r: PendingLink) => r.requesterEmail ?? r.requesterName ?? "";

/** Above the profiles list: every request waiting, each opening its profile. */
export function LinkRequestQueue({ onOpen }: { onOpen: (employeeId: string) => void }) {
  const { t } = useTranslation("employees");
  const pending = useQuery(api.employmentLinks.listPending, {});
  if (!pending || pending.length === 0) return null;
  return (
    <Card withBorder radius="md" p="md" data-testid="link-requests">
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <div>
          <Title order={2} size="h4">
            {t("linkRequests.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("linkRequests.subtitle")}
          </Text>
        </div>
        <Badge color="yellow" variant="light" size="lg">
          {t("linkRequests.count", { count: pending.length })}
        </Badge>
      </Group>
      <Stack gap="xs" role="list" aria-label={t("linkRequests.title")}>
        {pending.map((r) => (
          <Group key={r._id} justify="space-between" wrap="wrap" gap="sm" role="listitem" data-testid="link-request" data-username={r.username}>
            <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
              <Avatar radius="xl" color="initials" name={r.employeeName} alt="" />
              <Stack gap={0} miw={0}>
                <Text fw={600} size="sm" truncate="end">
                  {r.employeeName} · {r.username}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {t("linkRequests.askedBy", { who: requester(r), when: formatInstantDate(r.createdAt) })}
                </Text>
              </Stack>
            </Group>
            <Button
              variant="default"
              leftSection={<IconLink size={16} aria-hidden />}
              onClick={() => onOpen(r.employeeId)}
              aria-label={t("linkRequests.reviewFor", { name: r.employeeName })}
              data-testid="review-link-request"
            >
              {t("linkRequests.review")}
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** On a profile: the request waiting for it, with approve and decline. */
export function LinkRequestPanel({ employeeId, employeeName }: { employeeId: string; employeeName: string }) {
  const { t } = useTranslation("employees");
  const pending = useQuery(api.employmentLinks.listPending, {});
  const approve = useMutation(api.employmentLinks.approve);
  const [busy, setBusy] = useState(false);
  const [declining, setDeclining] = useState(false);
  const request = pending?.find((r) => r.employeeId === employeeId);
  if (!request) return null;

  const approveIt = async () => {
    setBusy(true);
    try {
      await approve({ requestId: request._id });
      notifySuccess(t("linkRequests.approved", { name: employeeName, who: requester(request) }));
    } catch (error) {
      notifyError(linkErrorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert color="yellow" variant="light" icon={<IconLink size={20} aria-hidden />} title={t("linkRequests.panelTitle")} data-testid="link-request-panel">
      <Stack gap="xs">
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {t("linkRequests.panelBody", { who: requester(request), when: formatInstantDate(request.createdAt), name: employeeName })}
        </Text>
        {request.mine ? (
          <Text size="sm" fw={600} data-testid="link-request-own">
            {t("linkRequests.own")}
          </Text>
        ) : (
          <Group gap="xs">
            <Button color="teal" leftSection={<IconCheck size={16} aria-hidden />} loading={busy} onClick={() => void approveIt()} data-testid="approve-link">
              {t("linkRequests.approve")}
            </Button>
            <Button
              variant="default"
              leftSection={<IconX size={16} aria-hidden />}
              disabled={busy}
              onClick={() => setDeclining(true)}
              data-testid="decline-link"
            >
              {t("linkRequests.decline")}
            </Button>
          </Group>
        )}
      </Stack>
      {declining ? <DeclineModal request={request} employeeName={employeeName} onClose={() => setDeclining(false)} /> : null}
    </Alert>
  );
}

function DeclineModal({ request, employeeName, onClose }: { request: PendingLink; employeeName: string; onClose: () => void }) {
  const { t } = useTranslation("employees");
  const decline = useMutation(api.employmentLinks.decline);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await decline({ requestId: request._id, reason: reason.trim() || undefined });
      notifySuccess(t("linkRequests.declined", { who: requester(request) }));
      onClose();
    } catch (e) {
      setError(linkErrorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t("linkRequests.declineTitle", { name: employeeName })}
      size="sm"
      closeButtonProps={{ "aria-label": t("form.cancel") }}
    >
      <Stack gap="sm" data-testid="decline-link-form">
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {t("linkRequests.declineMessage", { who: requester(request) })}
        </Text>
        <Textarea
          label={t("linkRequests.reason")}
          description={t("linkRequests.reasonHint")}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
          maxLength={LINK_REASON_MAX}
          autosize
          minRows={2}
          error={error}
          data-testid="decline-link-reason"
          data-autofocus
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t("form.cancel")}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={busy} data-testid="decline-link-confirm">
            {t("linkRequests.decline")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
