import { Badge, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { errorText } from "../../../lib/errorText";
import { api } from "../../../lib/api";
import { useMutation, useQueryState } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { twoPersonReason, useOwnEmployeeId } from "../../../lib/twoPerson";
import { WithReason } from "../../../ui/WithReason";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { REQUEST_MESSAGES } from "@tumble/domain/requests";
import { requestSummary } from "./requestLabels";

type EmployeeRequest = ReturnsOf<typeof api.requests.listPending>[number];

/** The approvers' queue: every pending request, approved at once or denied with a reason. */
export function PendingRequests() {
  const { t } = useTranslation(["employeeDashboard", "requests"]);
  const { t: tr } = useTranslation("requests");
  const pending = useQueryState(api.requests.listPending, {});
  // One's own request, or a swap that gives one the shift, is someone else's to decide (decision 0060).
  const ownId = useOwnEmployeeId();
  const isOwn = (r: EmployeeRequest) => !!ownId && (r.employeeId === ownId || r.targetEmployeeId === ownId);
  const decide = useMutation(api.requests.decide);
  const [denying, setDenying] = useState<EmployeeRequest | null>(null);
  // A claim or swap that conflicts with the taker's schedule: approved only with a reason.
  const [overriding, setOverriding] = useState<EmployeeRequest | null>(null);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState<string | null>(null);

  const run = (request: EmployeeRequest, approve: boolean, why?: string) => {
    setBusy(request._id);
    return decide({ requestId: request._id, approve, reason: why })
      .then(() => {
        notifySuccess(t(approve ? "requests.approvedOne" : "requests.deniedOne", { name: request.employeeName }));
        setDenying(null);
        setOverriding(null);
        setReason("");
      })
      .catch((e: unknown) => {
        if (approve && extractErrorMessage(e, "") === REQUEST_MESSAGES.conflictsNeedReason) setOverriding(request);
        else notifyError(errorText(e, t("requests.decideFailed")));
      })
      .finally(() => setBusy(null));
  };

  if (pending.error) return null;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="pending-requests">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t("requests.title")}
          </Title>
          {pending.data ? <Badge variant="light">{pending.data.length}</Badge> : null}
        </Group>
        {pending.data?.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("requests.none")}
          </Text>
        ) : null}
        {(pending.data ?? []).map((r) => (
          <Card key={r._id} withBorder radius="md" padding="sm" data-testid="pending-request" data-kind={r.kind}>
            <Group justify="space-between" gap="xs">
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                <Text fw={600}>
                  {r.employeeName} · {tr(`kind.${r.kind}`)}
                </Text>
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  {requestSummary(r, tr)}
                </Text>
                {r.note ? (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {tr("noteLine", { note: r.note })}
                  </Text>
                ) : null}
              </Stack>
              <WithReason reason={isOwn(r) ? twoPersonReason("ownRequest") : null} testId="own-request-reason">
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    color="teal"
                    loading={busy === r._id}
                    disabled={isOwn(r)}
                    onClick={() => void run(r, true)}
                    aria-label={t("requests.approveOf", { name: r.employeeName })}
                  >
                    {t("requests.approve")}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    disabled={isOwn(r)}
                    onClick={() => setDenying(r)}
                    aria-label={t("requests.denyOf", { name: r.employeeName })}
                  >
                    {t("requests.deny")}
                  </Button>
                </Group>
              </WithReason>
            </Group>
          </Card>
        ))}
      </Stack>
      <ReasonDialog
        opened={!!overriding}
        title={t("requests.conflictTitle", { name: overriding?.employeeName ?? "" })}
        body={t("requests.conflictBody")}
        confirm={t("requests.approveAnyway")}
        color="orange"
        busy={busy === overriding?._id}
        reason={reason}
        setReason={setReason}
        onClose={() => setOverriding(null)}
        onConfirm={() => overriding && void run(overriding, true, reason.trim())}
        testId="approve-over-conflict"
      />
      <ReasonDialog
        opened={!!denying}
        title={t("requests.denyTitle", { name: denying?.employeeName ?? "" })}
        confirm={t("requests.deny")}
        color="red"
        busy={busy === denying?._id}
        reason={reason}
        setReason={setReason}
        onClose={() => setDenying(null)}
        onConfirm={() => denying && void run(denying, false, reason.trim())}
      />
    </Card>
  );
}

/** A decision that needs a reason: denying, or approving over a conflict. */
function ReasonDialog(props: {
  opened: boolean;
  title: string;
  body?: string;
  confirm: string;
  color: string;
  busy: boolean;
  reason: string;
  setReason: (reason: string) => void;
  onClose: () => void;
  onConfirm: () => void;
  testId?: string;
}) {
  const { t } = useTranslation(["employeeDashboard", "requests"]);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} closeButtonProps={{ "aria-label": t("close") }}>
      <Stack gap="sm" data-testid={props.testId}>
        {props.body ? <Text size="sm">{props.body}</Text> : null}
        <Textarea
          label={t("requests.reason")}
          required
          value={props.reason}
          onChange={(e) => props.setReason(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t("cancel")}
          </Button>
          <Button color={props.color} disabled={!props.reason.trim()} loading={props.busy} onClick={props.onConfirm}>
            {props.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
