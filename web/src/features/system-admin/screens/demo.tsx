import { Alert, Anchor, Button, Card, Group, List, Loader, Stack, Text } from "@mantine/core";
import { IconConfetti, IconRefresh } from "@tabler/icons-react";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/systemAdminRefusals";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
import { useMutation, useQueryState } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { formatDateTime } from "../../../ui/companyFinder/format";
import { openConfirm } from "../../../ui/confirm";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";

type DemoCompany = ReturnsOf<typeof api.demo.status>["companies"][number];
type Made = ReturnsOf<typeof api.demo.createCampaigns>["campaigns"];

/** /system-admin/demo: make the demo companies again from the demo seed, and give them demo campaigns. */
export default function SystemAdminDemo() {
  const { t } = useTranslation(["platformData", "common"]);
  const state = useQueryState(api.demo.status, {});
  const reset = useMutation(api.demo.reset);
  const createCampaigns = useMutation(api.demo.createCampaigns);
  const [busy, setBusy] = useState<string | null>(null);
  const [made, setMade] = useState<{ company: string; campaigns: Made } | null>(null);
  const companies = state.data?.companies;
  const names = (companies ?? []).map((c) => c.name).join(", ");

  const onReset = () =>
    openConfirm({
      title: t("demo.resetTitle"),
      message: companies?.length ? t("demo.resetMessage", { names }) : t("demo.createMessage"),
      confirmLabel: companies?.length ? t("demo.reset") : t("demo.create"),
      cancelLabel: t("common:actions.cancel"),
      destructive: true,
      confirmTestId: "confirm-demo-reset",
      onConfirm: () => {
        setBusy("reset");
        setMade(null);
        reset({})
          .then((r) => notifySuccess(t("demo.resetDone", { names: r.companies.map((c) => c.name).join(", "), rows: r.deleted.rows })))
          .catch((error: unknown) => notifyError(errorText(error, t("demo.failed"))))
          .finally(() => setBusy(null));
      },
    });

  const onCampaigns = (c: DemoCompany) => {
    setBusy(c.id);
    createCampaigns({ companyId: c.id })
      .then((r) => {
        setMade({ company: c.name, campaigns: r.campaigns });
        notifySuccess(t("demo.campaignsDone", { name: c.name }));
      })
      .catch((error: unknown) => notifyError(errorText(error, t("demo.failed"))))
      .finally(() => setBusy(null));
  };

  const columns: DataColumn<DemoCompany>[] = [
    { id: "name", header: t("demo.columns.company"), cell: (c) => <Text fw={500}>{c.name}</Text>, sortValue: (c) => c.name, card: "title" },
    { id: "code", header: t("demo.columns.code"), cell: (c) => c.companyCode, sortValue: (c) => c.companyCode, card: "badge" },
    { id: "members", header: t("demo.columns.members"), cell: (c) => c.members, sortValue: (c) => c.members },
    { id: "stores", header: t("demo.columns.stores"), cell: (c) => c.stores, sortValue: (c) => c.stores },
    { id: "campaigns", header: t("demo.columns.campaigns"), cell: (c) => c.campaigns, sortValue: (c) => c.campaigns },
    { id: "collections", header: t("demo.columns.collections"), cell: (c) => c.collections, sortValue: (c) => c.collections },
    {
      id: "actions",
      header: t("demo.columns.actions"),
      hideable: false,
      card: "footer",
      cell: (c) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconConfetti size={16} />}
          loading={busy === c.id}
          disabled={busy === "reset"}
          onClick={() => onCampaigns(c)}
        >
          {t("demo.campaigns")}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <ScreenTitle title={t("demo.title")} subtitle={t("demo.subtitle")} />
      <Card withBorder>
        <Stack gap="sm">
          <Text size="sm">{t("demo.explain")}</Text>
          <Text size="sm" c="dimmed">
            {state.data?.lastResetAt ? t("demo.lastReset", { when: formatDateTime(Date.parse(state.data.lastResetAt)) }) : t("demo.neverReset")}
          </Text>
          <Group>
            <Button
              color="red"
              leftSection={<IconRefresh size={18} />}
              onClick={onReset}
              loading={busy === "reset"}
              disabled={!state.data}
              data-testid="demo-reset"
            >
              {companies?.length ? t("demo.reset") : t("demo.create")}
            </Button>
          </Group>
          {busy === "reset" ? (
            <Group gap="xs" role="status" aria-live="polite">
              <Loader size="sm" />
              <Text size="sm">{t("demo.resetting")}</Text>
            </Group>
          ) : null}
        </Stack>
      </Card>
      <DataTable
        tableId="system-admin-demo"
        caption={t("demo.caption")}
        columns={columns}
        data={companies}
        error={state.error}
        getRowId={(c) => c.id}
        rowName={(c) => c.name}
        emptyText={t("demo.none")}
        testId="demo-companies"
      />
      {made ? (
        <Alert color="green" title={t("demo.madeTitle", { name: made.company })}>
          <List size="sm">
            {made.campaigns.map((c) => (
              <List.Item key={c.campaignId}>
                <Anchor href={c.url} target="_blank" rel="noreferrer">
                  {c.name}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </Stack>
  );
}
