import { campaignStatus, type CampaignStatus } from "@tumble/domain/businessDate";
import { useMemo, useState } from "react";
import {
  Anchor,
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconExternalLink, IconEye, IconLink, IconPencil, IconPlus, IconPower, IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatPhone } from "@tumble/domain/phone";
import { centsToDollarString, formatUSD } from "@tumble/domain/money";
import { campaignTemplateLabel } from "@tumble/domain/campaignForm";
import { currentLanguage } from "../../../lib/i18n";
import { api } from "../../../lib/api";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/marketingRefusals";
import { errorText } from "../../../lib/errorText";
import { useMutation, useQueryState } from "../../../lib/hooks";
import { usePagedQuery } from "../../../lib/pagedQuery";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import type { ContextMenuItem } from "../../../ui/ContextMenu";
import { DataTable } from "../../../ui/table/DataTable";
import { LoadMoreBar } from "../../../ui/table/TableControls";
import type { DataColumn } from "../../../ui/table/types";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { notifyError } from "../../../lib/notify";
import { CampaignEditor } from "../CampaignEditor";
import { ClaimStatusBadge } from "../StatusBadge";
import { formatDisplayDate, formatInstantDate } from "@tumble/domain/dateFormat";
import { ScreenTitle } from "../../../ui/ScreenTitle";

type CampaignRow = ReturnsOf<typeof api.marketing.getCampaigns>[number];

/** The dashboard's view in the URL (decision 0020): the open campaign and the list's filters. */
interface DashboardSearch {
  campaign: string;
  q: string;
  show: "active" | "inactive";
  sort: "campaign" | "dates" | "offer" | "claims" | "verifications" | "redemptions" | "active" | "status";
  dir: "asc" | "desc";
  page: number;
}
const SEARCH: SearchSchema<DashboardSearch> = {
  campaign: param.text(64),
  q: param.text(100),
  show: param.oneOf(["active", "inactive"] as const),
  sort: param.oneOf(["campaign", "dates", "offer", "claims", "verifications", "redemptions", "active", "status"] as const),
  dir: param.oneOf(["asc", "desc"] as const),
  page: param.int(1),
};

/** /marketing/dashboard: campaigns with claims, verifications and redemptions; the editor with a live preview. */
export default function DashboardScreen() {
  const { t } = useTranslation("marketing");
  const state = useQueryState(api.marketing.getCampaigns, {});
  const campaigns = state.data;
  const setActive = useMutation(api.marketing.setCampaignActive);
  const [search, setSearch] = useSearchState(SEARCH);
  const selectedId = search.campaign ?? null;
  const setSelectedId = (id: string | null) => setSearch({ campaign: id ?? undefined }, { push: true });
  const [editing, setEditing] = useState<"new" | "edit" | null>(null);
  // The moment the screen opened, for each campaign's status (a day's change shows on the next visit).
  const [now] = useState(Date.now);
  const needle = search.q?.trim().toLowerCase() ?? "";
  const shown = useMemo(
    () =>
      campaigns?.filter(
        (c) =>
          (!needle || [c.name, c.displayName, c.friendlyId].some((v) => v?.toLowerCase().includes(needle))) &&
          (!search.show || c.isActive === (search.show === "active")),
      ),
    [campaigns, needle, search.show],
  );
  const selected = campaigns?.find((c) => c._id === selectedId) ?? null;
  const totals = (campaigns ?? []).reduce(
    (sum, c) => ({
      claims: sum.claims + c.stats.claims,
      verifications: sum.verifications + c.stats.verifications,
      redemptions: sum.redemptions + c.stats.redemptions,
    }),
    { claims: 0, verifications: 0, redemptions: 0 },
  );

  const toggle = async (campaignId: string, isActive: boolean) => {
    try {
      await setActive({ campaignId, isActive });
    } catch (error) {
      notifyError(errorText(error, t("dashboard.saveFailed")));
    }
  };

  const columns: DataColumn<CampaignRow>[] = [
    {
      id: "campaign",
      header: t("dashboard.campaign"),
      cell: (c) => (
        <div>
          <Text fw={600} size="sm">
            {c.displayName || c.name}
          </Text>
          <Text size="xs" c="dimmed" fw={400}>
            {c.name} · {campaignTemplateLabel(String(c.templateConfig.template ?? "standard"), currentLanguage())}
          </Text>
        </div>
      ),
      sortValue: (c) => c.displayName || c.name,
      card: "title",
    },
    {
      id: "dates",
      header: t("dashboard.dates"),
      cell: (c) => `${formatDisplayDate(c.startsOn)} – ${formatDisplayDate(c.endsOn)}`,
      sortValue: (c) => c.startsOn,
      csv: (c) => `${formatDisplayDate(c.startsOn)} - ${formatDisplayDate(c.endsOn)}`,
    },
    {
      id: "status",
      header: t("dashboard.status.label"),
      cell: (c) => <CampaignStatusBadge campaign={c} now={now} />,
      sortValue: (c) => STATUS_ORDER.indexOf(campaignStatus(c, now)),
      csv: (c) => t(`dashboard.status.${campaignStatus(c, now)}`),
      card: "badge",
    },
    {
      id: "offer",
      header: t("dashboard.offer"),
      cell: (c) => formatUSD(c.offerAmountCents),
      sortValue: (c) => c.offerAmountCents,
      csv: (c) => centsToDollarString(c.offerAmountCents),
      align: "right",
    },
    { id: "claims", header: t("dashboard.claims"), cell: (c) => c.stats.claims, sortValue: (c) => c.stats.claims, align: "right" },
    { id: "verifications", header: t("dashboard.verifications"), cell: (c) => c.stats.verifications, sortValue: (c) => c.stats.verifications, align: "right" },
    { id: "redemptions", header: t("dashboard.redemptions"), cell: (c) => c.stats.redemptions, sortValue: (c) => c.stats.redemptions, align: "right" },
    {
      id: "active",
      header: t("dashboard.active"),
      cell: (c) => (
        <Switch checked={c.isActive} onChange={(e) => void toggle(c._id, e.currentTarget.checked)} aria-label={t("dashboard.activeFor", { name: c.name })} />
      ),
      sortValue: (c) => (c.isActive ? 1 : 0),
      csv: (c) => (c.isActive ? t("dashboard.activeBadge") : t("dashboard.inactiveBadge")),
    },
  ];

  const menu = (c: CampaignRow): ContextMenuItem[] => [
    { id: "open", label: t("dashboard.menu.open"), icon: <IconEye size={16} aria-hidden />, onSelect: () => setSelectedId(c._id) },
    {
      id: "edit",
      label: t("dashboard.edit"),
      icon: <IconPencil size={16} aria-hidden />,
      onSelect: () => {
        setSelectedId(c._id);
        setEditing("edit");
      },
    },
    {
      id: "toggle",
      label: c.isActive ? t("dashboard.menu.deactivate") : t("dashboard.menu.activate"),
      icon: <IconPower size={16} aria-hidden />,
      onSelect: () => setActive({ campaignId: c._id, isActive: !c.isActive }).then(() => undefined),
    },
    {
      id: "copy-link",
      label: t("dashboard.menu.copyLink"),
      icon: <IconLink size={16} aria-hidden />,
      onSelect: () => navigator.clipboard.writeText(`${window.location.origin}/marketing/${c.friendlyId}`),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <ScreenTitle title={t("dashboard.title")} subtitle={t("dashboard.subtitle")} />
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing("new")}>
          {t("dashboard.newCampaign")}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing={{ base: "xs", sm: "md" }}>
        <Stat label={t("dashboard.claims")} value={totals.claims} />
        <Stat label={t("dashboard.verifications")} value={totals.verifications} />
        <Stat label={t("dashboard.redemptions")} value={totals.redemptions} />
      </SimpleGrid>
      <DataTable
        tableId="marketing-campaigns"
        caption={t("dashboard.title")}
        columns={columns}
        data={shown}
        error={state.error}
        getRowId={(c) => c._id}
        rowName={(c) => c.displayName || c.name}
        sort={search.sort ? { id: search.sort, desc: search.dir === "desc" } : null}
        onSortChange={(s) => setSearch({ sort: s?.id as DashboardSearch["sort"], dir: s?.desc ? "desc" : undefined, page: undefined })}
        page={search.page ?? 1}
        onPageChange={(page) => setSearch({ page: page > 1 ? page : undefined })}
        onRowClick={(c) => setSearch({ campaign: c._id }, { push: true })}
        rowLabel={(c) => t("dashboard.openCampaign", { name: c.displayName || c.name })}
        rowMenu={menu}
        selectedId={selectedId}
        emptyText={campaigns?.length ? t("dashboard.noneMatch") : t("dashboard.none")}
        exportName="campaigns"
        testId="campaigns"
        rowTestId="campaign-row"
        toolbar={
          <>
            <TextInput
              label={t("dashboard.search")}
              leftSection={<IconSearch size={16} aria-hidden />}
              defaultValue={search.q ?? ""}
              onChange={(event) => setSearch({ q: event.currentTarget.value || undefined, page: undefined })}
              w={{ base: "100%", xs: 240 }}
            />
            <SegmentedControl
              aria-label={t("dashboard.show")}
              data={[
                { value: "all", label: t("dashboard.showAll") },
                { value: "active", label: t("dashboard.activeBadge") },
                { value: "inactive", label: t("dashboard.inactiveBadge") },
              ]}
              value={search.show ?? "all"}
              onChange={(value) => setSearch({ show: value === "all" ? undefined : (value as DashboardSearch["show"]), page: undefined })}
            />
          </>
        }
      />
      {selected ? <CampaignDetails campaign={selected} onEdit={() => setEditing("edit")} now={now} /> : null}
      <Drawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="right"
        size="xl"
        title={editing === "new" ? t("dashboard.newCampaign") : t("dashboard.editCampaign")}
      >
        {editing ? (
          <CampaignEditor
            key={editing === "new" ? "new" : `${selected?._id}-${selected?.updatedAt}`}
            campaign={editing === "edit" && selected ? selected : null}
            onSaved={(id) => (setSelectedId(id), setEditing(null))}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Drawer>
    </Stack>
  );
}

/** A campaign date (epoch ms, a UTC calendar day) as MM/dd/yyyy. */

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Text size="sm" c="dimmed" truncate="end">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Card>
  );
}

type Campaign = {
  _id: string;
  friendlyId: string;
  name: string;
  displayName: string | null;
  isActive: boolean;
  startsOn: string;
  endsOn: string;
  timeZone: string;
  updatedAt: number;
  budgetCents: number | null;
  maxParticipants: number | null;
  stats: { claims: number };
};

const STATUS_ORDER: CampaignStatus[] = ["live", "scheduled", "off", "expired"];
const STATUS_COLOR: Record<CampaignStatus, string> = { live: "teal", scheduled: "blue", off: "gray", expired: "orange" };

/** Live, scheduled, off or expired: a campaign past its end date is never shown as running. */
function CampaignStatusBadge({ campaign, now }: { campaign: Pick<Campaign, "isActive" | "startsOn" | "endsOn" | "timeZone">; now: number }) {
  const { t } = useTranslation("marketing");
  const status = campaignStatus(campaign, now);
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" miw="max-content" data-testid="campaign-status" data-status={status}>
      {t(`dashboard.status.${status}`)}
    </Badge>
  );
}

function CampaignDetails({ campaign, onEdit, now }: { campaign: Campaign; onEdit: () => void; now: number }) {
  const { t } = useTranslation("marketing");
  // A page at a time from the server, newest first; "Load more" fetches the next.
  const paged = usePagedQuery(api.marketing.getCampaignClaimsPage, { campaignId: campaign._id }, (c) => c._id);
  const claims = paged.rows;
  const url = `/marketing/${campaign.friendlyId}`;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {campaign.displayName || campaign.name}
            </Title>
            <Group gap="xs">
              <CampaignStatusBadge campaign={campaign} now={now} />
              <Button size="xs" variant="light" onClick={onEdit}>
                {t("dashboard.edit")}
              </Button>
            </Group>
          </Group>
          <Group gap="md">
            <Anchor href={url} target="_blank" rel="noopener" size="sm">
              {url} <IconExternalLink size={14} aria-hidden />
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed">
            {t("dashboard.budgetLine", {
              budget: campaign.budgetCents === null ? "—" : formatUSD(campaign.budgetCents),
              max: campaign.maxParticipants ?? "—",
              claims: campaign.stats.claims,
            })}
          </Text>
          <Title order={3} size="h5" mt="sm">
            {t("dashboard.recentClaims")}
          </Title>
          {paged.error ? (
            <Text size="sm" c="red.8" role="alert">
              {errorText(paged.error, t("common:table.loadFailed"))}
            </Text>
          ) : claims?.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("dashboard.noClaims")}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={360}>
              <Table verticalSpacing={6} fz="sm">
                <Table.Tbody>
                  {claims?.map((c) => (
                    <Table.Tr key={c._id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {c.customerName}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {c.claimId} · {c.phone ? formatPhone(c.phone) : c.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>{formatInstantDate(c._creationTime)}</Table.Td>
                      <Table.Td>
                        <ClaimStatusBadge status={c.status} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
          {claims && paged.more ? <LoadMoreBar count={claims.length} {...paged.more} testId="campaign-claims" /> : null}
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding={0} style={{ overflow: "hidden" }}>
        <Text size="sm" fw={600} p="sm">
          {t("dashboard.preview")}
        </Text>
        {campaign.isActive ? (
          // Same origin (a relative address), so it loads on a plain-http install too: the server lets
          // only public campaign pages be framed, and only by this origin.
          <iframe
            key={campaign.updatedAt}
            src={url}
            title={t("dashboard.preview")}
            style={{ width: "100%", height: 560, border: 0, display: "block" }}
            data-testid="campaign-preview"
          />
        ) : (
          <Text size="sm" c="dimmed" p="md">
            {t("dashboard.previewInactive")}
          </Text>
        )}
      </Card>
    </SimpleGrid>
  );
}
