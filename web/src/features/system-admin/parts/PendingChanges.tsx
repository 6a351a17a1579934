import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
// Imported for its refusal table, which platformErrorText reads by code.
import "@tumble/domain/balanceAdmin";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { formatUSD } from "@tumble/domain/money";
import { refusalText } from "@tumble/domain/refusals";
import { localizeTwoPersonMessage, type PlatformChangeKind } from "@tumble/domain/twoPersonRules";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useMutation, useQuery, useQueryState } from "../../../lib/hooks";
import { currentLanguage } from "../../../lib/i18n";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { twoPersonReason } from "../../../lib/twoPerson";
import { formatDateTime } from "../../../ui/companyFinder/format";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { WithReason } from "../../../ui/WithReason";

export type PlatformChange = ReturnsOf<typeof api.systemAdmin.listChanges>[number];

/** A platform refusal (by its code, e.g. a balance adjustment's, else the two-person rules' text) in the reader's language, else as sent. */
export function platformErrorText(error: unknown, fallback: string): string {
  const coded = refusalText((error as { data?: unknown } | null)?.data, currentLanguage());
  if (coded) return coded;
  const text = extractErrorMessage(error, fallback);
  return localizeTwoPersonMessage(text, currentLanguage()) ?? text;
}

/**
 * The changes of one kind that wait for a second system administrator (decision 0060): a role
 * given to an account, or a higher balance-adjustment threshold. Another administrator approves;
 * anyone rejects (the requester withdraws). Approving one's own, or a role for oneself, is disabled
 * with the reason.
 */
export function PendingChanges({ kind, testId }: { kind: PlatformChangeKind; testId: string }) {
  const { t } = useTranslation(["twoPerson", "systemAdmin"]);
  const state = useQueryState(api.systemAdmin.listChanges, { status: "pending" });
  const me = useQuery(api.auth.loggedInUser);
  const approve = useMutation(api.systemAdmin.approveChange);
  const reject = useMutation(api.systemAdmin.rejectChange);
  const [busy, setBusy] = useState<string | null>(null);
  const rows = state.data?.filter((c) => c.kind === kind);

  const role = (r: string | null) => t(`systemAdmin:users.roles.${r ?? "none"}`);
  const describe = (c: PlatformChange) =>
    c.kind === "globalRole"
      ? t("changes.role", { who: c.targetName || c.targetEmail || "—", from: role(c.beforeGlobalRole), to: role(c.globalRole) })
      : t("changes.threshold", { from: formatUSD(c.beforeThresholdCents ?? 0), to: formatUSD(c.thresholdCents ?? 0) });
  const whyNot = (c: PlatformChange) =>
    c.canApprove
      ? null
      : twoPersonReason(c.requestedBy === me?._id ? "ownPlatformChange" : c.targetUserId === me?._id ? "grantToApprover" : "superApprovesSuper");

  const decide = (c: PlatformChange, decision: "approve" | "reject") => {
    setBusy(c.id);
    (decision === "approve" ? approve({ changeId: c.id }) : reject({ changeId: c.id, reason: null }))
      .then(() => notifySuccess(t(decision === "approve" ? "changes.approved" : "changes.rejected")))
      .catch((error: unknown) => notifyError(platformErrorText(error, t("changes.failed"))))
      .finally(() => setBusy(null));
  };

  const columns: DataColumn<PlatformChange>[] = [
    {
      id: "change",
      header: t("changes.columns.change"),
      card: "title",
      cell: (c) => (
        <Text size="sm" fw={500}>
          {describe(c)}
        </Text>
      ),
      sortValue: describe,
    },
    {
      id: "asked",
      header: t("changes.columns.asked"),
      cell: (c) => (
        <Text size="sm" c="dimmed">
          {t("changes.asked", { who: c.requestedByName ?? "—", when: formatDateTime(Date.parse(c.requestedAt)) })}
        </Text>
      ),
      sortValue: (c) => c.requestedAt,
    },
    {
      id: "decide",
      header: t("changes.columns.decide"),
      hideable: false,
      card: "footer",
      cell: (c) => (
        <Group gap="xs" wrap="nowrap">
          <WithReason reason={whyNot(c)} testId="change-approve-reason">
            <Button
              size="xs"
              disabled={!c.canApprove}
              loading={busy === c.id}
              onClick={() => decide(c, "approve")}
              aria-label={t("changes.approveFor", { change: describe(c) })}
              data-testid="change-approve"
            >
              {t("changes.approve")}
            </Button>
          </WithReason>
          <Button
            size="xs"
            variant="default"
            disabled={busy === c.id}
            onClick={() => decide(c, "reject")}
            aria-label={t("changes.rejectFor", { change: describe(c) })}
            data-testid="change-reject"
          >
            {c.requestedBy === me?._id ? t("changes.withdraw") : t("changes.reject")}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Card withBorder radius="lg" padding="md" data-testid={testId}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {t("changes.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("changes.help")}
          </Text>
        </Stack>
        <DataTable
          tableId={`${testId}-table`}
          caption={t("changes.caption")}
          columns={columns}
          data={rows}
          error={state.error}
          getRowId={(c) => c.id}
          rowName={describe}
          emptyText={t("changes.none")}
          rowTestId="pending-change"
        />
      </Stack>
    </Card>
  );
}
