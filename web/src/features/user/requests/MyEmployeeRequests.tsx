import { Badge, Button, Card, Flex, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/errorText";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { api } from "../../../lib/api";
import { useMutation, useQueryState } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { RequestForm } from "./RequestForm";
import { rangeLabel, shiftLabel } from "./labels";

export type EmployeeRequest = ReturnsOf<typeof api.requests.listMine>["requests"][number];

export const REQUEST_STATUS_COLOR: Record<string, string> = {
  offered: "blue",
  pending: "yellow",
  approved: "teal",
  denied: "red",
  declined: "red",
  cancelled: "gray",
};

/** The employee's own requests (time off, swap, drop, claim) and the form to ask for another; nothing without an employee profile. */
export function MyEmployeeRequests() {
  const { t } = useTranslation("requests");
  const mine = useQueryState(api.requests.listMine, {});
  const options = useQueryState(api.requests.options, {});
  // Without an active company or an employee profile there is nothing to ask for here.
  if (mine.error || (mine.data && !mine.data.employeeId)) return null;
  return (
    <>
      {mine.data?.offers.length ? <SwapOffers offers={mine.data.offers} /> : null}
      {options.data?.employeeId ? <RequestForm options={options.data} /> : null}
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("myRequests")}
          </Title>
          {!mine.data ? (
            <Skeleton height={64} radius="md" />
          ) : mine.data.requests.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="employee-requests-empty">
              {t("none")}
            </Text>
          ) : (
            <Stack gap="xs" data-testid="employee-requests">
              {mine.data.requests.map((r) => (
                <RequestRow key={r._id} request={r} />
              ))}
            </Stack>
          )}
        </Stack>
      </Card>
    </>
  );
}

export function requestSummary(r: EmployeeRequest, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (r.kind === "timeOff" && r.startsAt !== null && r.endsAt !== null)
    return `${t(`timeOffType.${r.timeOffType ?? "other"}`)} · ${rangeLabel(r.startsAt, r.endsAt, r.allDay, r.timeZone)}`;
  const shift = r.shift ? shiftLabel(r.shift) : "";
  return r.kind === "swap" ? t("swapSummary", { shift, name: r.targetEmployeeName ?? "" }) : shift;
}

/** Swaps coworkers offer the reader: accepted, a manager decides; declined (with a reason if they like), it ends. */
function SwapOffers({ offers }: { offers: EmployeeRequest[] }) {
  const { t } = useTranslation("requests");
  const respond = useMutation(api.requests.respond);
  const [busy, setBusy] = useState<string | null>(null);
  const answer = (request: EmployeeRequest, accept: boolean) => {
    setBusy(request._id);
    respond({ requestId: request._id, accept })
      .then(() => notifySuccess(t(accept ? "offers.accepted" : "offers.declined", { name: request.employeeName })))
      .catch((e: unknown) => notifyError(errorText(e, t("offers.failed"))))
      .finally(() => setBusy(null));
  };
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="swap-offers">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("offers.title")}
        </Title>
        {offers.map((r) => (
          <Card key={r._id} withBorder radius="md" padding="sm" data-testid="swap-offer">
            <Flex direction={{ base: "column", xs: "row" }} justify="space-between" gap="xs" align={{ base: "stretch", xs: "center" }}>
              <Stack gap={2} miw={0}>
                <Text fw={600}>{t("offers.from", { name: r.employeeName })}</Text>
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  {r.shift ? shiftLabel(r.shift) : ""}
                </Text>
                {r.note ? (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {t("noteLine", { note: r.note })}
                  </Text>
                ) : null}
              </Stack>
              <Group justify="flex-end" gap="xs" style={{ flexShrink: 0 }}>
                <Button size="xs" color="teal" loading={busy === r._id} onClick={() => answer(r, true)} data-testid="accept-swap">
                  {t("offers.accept")}
                </Button>
                <Button size="xs" variant="light" color="red" disabled={busy === r._id} onClick={() => answer(r, false)} data-testid="decline-swap">
                  {t("offers.decline")}
                </Button>
              </Group>
            </Flex>
          </Card>
        ))}
      </Stack>
    </Card>
  );
}

function RequestRow({ request }: { request: EmployeeRequest }) {
  const { t } = useTranslation("requests");
  const cancel = useMutation(api.requests.cancel);
  const [busy, setBusy] = useState(false);
  return (
    <Card withBorder radius="md" padding="sm" data-testid="employee-request" data-status={request.status} data-kind={request.kind}>
      <Flex direction={{ base: "column", xs: "row" }} justify="space-between" gap="xs" align={{ base: "stretch", xs: "center" }}>
        <Stack gap={2} miw={0}>
          <Group gap={6} wrap="wrap">
            <Text fw={600}>{t(`kind.${request.kind}`)}</Text>
            <Badge size="sm" variant="light" color={REQUEST_STATUS_COLOR[request.status]} data-testid="employee-request-status">
              {t(`status.${request.status}`)}
            </Badge>
          </Group>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {requestSummary(request, t)}
          </Text>
          {request.note ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {t("noteLine", { note: request.note })}
            </Text>
          ) : null}
          {request.decisionReason ? (
            <Text size="sm" data-testid="employee-request-reason" style={{ overflowWrap: "anywhere" }}>
              {t("reasonLine", { reason: request.decisionReason })}
            </Text>
          ) : null}
        </Stack>
        {request.status === "pending" || request.status === "offered" ? (
          <Group justify="flex-end" style={{ flexShrink: 0 }}>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={busy}
              onClick={() => {
                setBusy(true);
                cancel({ requestId: request._id })
                  .then(() => notifySuccess(t("withdrawn")))
                  .catch((e: unknown) => {
                    notifyError(errorText(e, t("withdrawFailed")));
                    setBusy(false);
                  });
              }}
            >
              {t("withdraw")}
            </Button>
          </Group>
        ) : null}
      </Flex>
    </Card>
  );
}
