import { Badge, Card, Flex, Group, Indicator, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBuildingStore, IconSend } from "@tabler/icons-react";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useQuery } from "../../../lib/hooks";
import { CompanyFinder } from "../../../ui/companyFinder/CompanyFinder";
import { JoinStatusBadge } from "../../../ui/companyFinder/badges";
import { formatDateTime } from "../../../ui/companyFinder/format";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { CancelJoinRequestButton } from "../requests/CancelJoinRequestButton";
import { MyEmployeeRequests } from "../requests/MyEmployeeRequests";

type MyRequest = ReturnsOf<typeof api.companyJoinRequests.getUserPendingRequests>[number];

/**
 * /user/my-requests: the employee's own requests (time off, swap, drop, claim) with the form to ask
 * for another, the user's join requests, newest first, and the finder to ask another company.
 */
export default function MyRequestsScreen() {
  const { t } = useTranslation(["admin", "common"]);
  const requests = useQuery(api.companyJoinRequests.getUserPendingRequests);

  return (
    <Stack gap="lg" maw={960}>
      <ScreenTitle title={t("myRequests.title")} subtitle={t("myRequests.subtitle")} />

      <MyEmployeeRequests />

      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("myRequests.joinRequests")}
          </Title>
          {!requests ? (
            <Stack gap="xs" aria-busy>
              <Skeleton height={64} radius="md" />
              <Skeleton height={64} radius="md" />
            </Stack>
          ) : requests.length === 0 ? (
            <Group gap="sm" py="sm" wrap="nowrap" data-testid="my-requests-empty">
              <ThemeIcon variant="light" color="gray" radius="xl" size="lg">
                <IconSend size={18} aria-hidden />
              </ThemeIcon>
              <Text c="dimmed" size="sm">
                {t("myRequests.none")}
              </Text>
            </Group>
          ) : (
            <Stack gap="xs" data-testid="my-requests">
              {requests.map((request) => (
                <RequestRow key={request._id} request={request} />
              ))}
            </Stack>
          )}
        </Stack>
      </Card>

      <CompanyFinder />
    </Stack>
  );
}

function RequestRow({ request }: { request: MyRequest }) {
  const { t } = useTranslation(["admin", "common"]);
  const decided = request.status !== "PENDING";
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid="my-request"
      data-status={request.status}
      data-new={request.hasNewActivity ? "true" : undefined}
      aria-label={request.companyName}
    >
      <Flex direction={{ base: "column", xs: "row" }} justify="space-between" gap="xs" align={{ base: "stretch", xs: "center" }}>
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Indicator disabled={!request.hasNewActivity} color="blue" size={10} offset={4} processing aria-hidden={!request.hasNewActivity}>
            <ThemeIcon variant="light" radius="md" size="lg">
              <IconBuildingStore size={18} aria-hidden />
            </ThemeIcon>
          </Indicator>
          <Stack gap={2} miw={0}>
            <Group gap={6} wrap="wrap">
              <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                {request.companyName}
              </Text>
              <JoinStatusBadge status={request.status} size="sm" />
              {request.hasNewActivity ? (
                <Badge size="xs" color="blue" variant="filled" data-testid="new-activity">
                  {t("myRequests.new")}
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {decided
                ? t("myRequests.decidedAt", {
                    status: t(`requestStatus.${request.status}`, { defaultValue: request.status }),
                    date: formatDateTime(request.updatedAt),
                  })
                : t("myRequests.requestedAt", { date: formatDateTime(request.requestedAt) })}
            </Text>
            {request.decisionReason ? (
              <Text size="sm" data-testid="decision-reason" style={{ overflowWrap: "anywhere" }}>
                {t("myRequests.reason", { reason: request.decisionReason })}
              </Text>
            ) : null}
          </Stack>
        </Group>
        {!decided ? (
          <Group justify="flex-end" style={{ flexShrink: 0 }}>
            <CancelJoinRequestButton requestId={request._id} companyName={request.companyName} />
          </Group>
        ) : null}
      </Flex>
    </Card>
  );
}
