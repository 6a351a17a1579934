import { Badge, Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/emailRefusals";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
import { useMutation, useQuery } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { param, useSearchState } from "../../../lib/searchParams";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { OutboxChart } from "../email/OutboxChart";
import { formatDisplayTimestamp } from "@tumble/domain/dateFormat";

// "logged": delivered only to the server log because no SMTP server (or SMS gateway) is set up.
const STATUSES = ["queued", "sending", "sent", "logged", "failed", "retrying", "cancelled"] as const;
const COLORS: Record<string, string> = {
  queued: "gray",
  sending: "blue",
  sent: "green",
  logged: "yellow",
  failed: "red",
  retrying: "orange",
  cancelled: "gray",
};
const SEARCH = { status: param.oneOf(STATUSES), channel: param.oneOf(["email", "sms"] as const), kind: param.text(40), q: param.text(100) };

/** /company/email-dashboard: the company's outbox, with counts, filters, retry and cancel. */
export default function EmailDashboardScreen() {
  const { t } = useTranslation(["emailDashboard", "emailTemplates"]);
  const [search, setSearch] = useSearchState(SEARCH);
  const [recipient, setRecipient] = useState(search.q ?? "");
  const [settled] = useDebouncedValue(recipient, 300);
  const rows = useQuery(api.emailDashboard.list, {
    status: search.status,
    channel: search.channel,
    kind: search.kind,
    recipient: settled || undefined,
    limit: 200,
  });
  const stats = useQuery(api.emailDashboard.stats, { days: 14 });
  const retry = useMutation(api.emailDashboard.retry);
  const cancel = useMutation(api.emailDashboard.cancel);
  const [busy, setBusy] = useState<string | null>(null);
  const time = (ms: number | null) => (ms ? formatDisplayTimestamp(ms) : "—");
  const kindLabel = (k: string | null) => (k ? t(`emailTemplates:kinds.${k}.label`, { defaultValue: k }) : t("otherKind"));

  const act = async (id: string, action: () => Promise<unknown>, done: string) => {
    setBusy(id);
    try {
      await action();
      notifySuccess(done);
    } catch (error) {
      notifyError(errorText(error, t("failed")));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="md">
      <ScreenTitle title={t("title")} subtitle={t("subtitle")} />
      <SimpleGrid cols={{ base: 2, sm: 4, md: 7 }} spacing="sm">
        {STATUSES.map((s) => (
          <Card key={s} withBorder radius="md" p="sm" data-testid={`count-${s}`}>
            <Text size="xs" c="dimmed">
              {t(`statuses.${s}`)}
            </Text>
            <Text fw={700} fz="xl">
              {stats ? (stats.byStatus[s] ?? 0) : "…"}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {stats && Object.keys(stats.byKind).length ? (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t("last14")}
          </Text>
          {Object.entries(stats.byKind).map(([k, n]) => (
            <Badge key={k} variant="light">
              {kindLabel(k === "other" || k === "sms" ? null : k)}: {n}
            </Badge>
          ))}
        </Group>
      ) : null}
      {stats && stats.byDay.length ? (
        <Stack gap={4}>
          <OutboxChart days={stats.byDay} />
          <Text size="xs" c="dimmed" data-testid="outbox-chart-zone">
            {t("chartZone", { zone: stats.timeZone })}
          </Text>
        </Stack>
      ) : null}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t("status")}
          clearable
          value={search.status ?? null}
          onChange={(v) => setSearch({ status: (v as (typeof STATUSES)[number]) ?? undefined })}
          data={STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          placeholder={t("anyStatus")}
          w={{ base: "100%", sm: 180 }}
        />
        <Select
          label={t("channel")}
          clearable
          value={search.channel ?? null}
          onChange={(v) => setSearch({ channel: (v as "email" | "sms") ?? undefined })}
          data={[
            { value: "email", label: t("channels.email") },
            { value: "sms", label: t("channels.sms") },
          ]}
          placeholder={t("anyChannel")}
          w={{ base: "100%", sm: 170 }}
        />
        <TextInput
          label={t("recipient")}
          value={recipient}
          onChange={(e) => {
            setRecipient(e.currentTarget.value);
            setSearch({ q: e.currentTarget.value || undefined });
          }}
          w={{ base: "100%", sm: 260 }}
        />
      </Group>
      {rows === undefined ? (
        <Skeleton height={240} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{search.status || search.channel || search.q ? t("empty") : t("none")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table striped highlightOnHover data-testid="outbox-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("kind")}</Table.Th>
                <Table.Th>{t("recipient")}</Table.Th>
                <Table.Th>{t("languageShort")}</Table.Th>
                <Table.Th>{t("status")}</Table.Th>
                <Table.Th>{t("attempts")}</Table.Th>
                <Table.Th>{t("lastError")}</Table.Th>
                <Table.Th>{t("created")}</Table.Th>
                <Table.Th>{t("sent")}</Table.Th>
                <Table.Th>{t("actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r._id} data-testid="outbox-row">
                  <Table.Td>
                    {r.channel === "sms" ? "SMS · " : ""}
                    {kindLabel(r.kind)}
                  </Table.Td>
                  <Table.Td>{r.recipient}</Table.Td>
                  <Table.Td>{r.language ?? "—"}</Table.Td>
                  <Table.Td>
                    <Badge
                      color={COLORS[r.status]}
                      variant="light"
                      // The long "logged, not sent" wording wraps rather than being cut off.
                      styles={{
                        root: { height: "auto", maxWidth: 200 },
                        label: { whiteSpace: "normal", overflow: "visible", lineHeight: 1.35, paddingBlock: 2 },
                      }}
                      data-testid="outbox-status"
                      data-status={r.status}
                    >
                      {r.status === "logged" && r.channel === "sms" ? t("loggedSms") : t(`statuses.${r.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{r.attempts}</Table.Td>
                  <Table.Td maw={260}>
                    <Text size="sm" lineClamp={2}>
                      {r.lastError ?? "—"}
                    </Text>
                  </Table.Td>
                  <Table.Td>{time(r.createdAt)}</Table.Td>
                  <Table.Td>{time(r.sentAt)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {r.status === "failed" || r.status === "cancelled" || r.status === "retrying" ? (
                        <Button
                          size="compact-sm"
                          variant="light"
                          loading={busy === r._id}
                          onClick={() => void act(r._id, () => retry({ messageId: r._id }), t("retried"))}
                        >
                          {t("retry")}
                        </Button>
                      ) : null}
                      {r.status === "queued" || r.status === "retrying" ? (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          onClick={() => void act(r._id, () => cancel({ messageId: r._id }), t("cancelled"))}
                        >
                          {t("cancel")}
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
