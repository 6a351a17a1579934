import { useState } from "react";
import { Anchor, Badge, Button, Card, Drawer, Group, ScrollArea, SimpleGrid, Stack, Switch, Table, Text, Title } from "@mantine/core";
import { IconExternalLink, IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatPhone } from "@tumble/domain/phone";
import { formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { useMutation, useQuery } from "../../../lib/hooks";
import { notifyError } from "../../../lib/notify";
import { CampaignEditor } from "../CampaignEditor";
import { ClaimStatusBadge } from "../StatusBadge";
import { formatDisplayDate, formatInstantDate } from "@tumble/domain/dateFormat";

/** /marketing/dashboard: campaigns with claims, verifications and redemptions; the editor with a live preview. */
export default function DashboardScreen() {
  const { t } = useTranslation("marketing");
  const campaigns = useQuery(api.marketing.getCampaigns, {});
  const setActive = useMutation(api.marketing.setCampaignActive);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<"new" | "edit" | null>(null);
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
      notifyError(extractErrorMessage(error, t("dashboard.saveFailed")));
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t("dashboard.title")}
          </Title>
          <Text c="dimmed" size="sm">
            {t("dashboard.subtitle")}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => (setSelectedId(null), setEditing("new"))}>
          {t("dashboard.newCampaign")}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing={{ base: "xs", sm: "md" }}>
        <Stat label={t("dashboard.claims")} value={totals.claims} />
        <Stat label={t("dashboard.verifications")} value={totals.verifications} />
        <Stat label={t("dashboard.redemptions")} value={totals.redemptions} />
      </SimpleGrid>
      <Card withBorder radius="lg" padding={0}>
        <ScrollArea>
          <Table highlightOnHover verticalSpacing="sm" miw={760} aria-busy={campaigns === undefined}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("dashboard.campaign")}</Table.Th>
                <Table.Th>{t("dashboard.dates")}</Table.Th>
                <Table.Th ta="right">{t("dashboard.offer")}</Table.Th>
                <Table.Th ta="right">{t("dashboard.claims")}</Table.Th>
                <Table.Th ta="right">{t("dashboard.verifications")}</Table.Th>
                <Table.Th ta="right">{t("dashboard.redemptions")}</Table.Th>
                <Table.Th>{t("dashboard.active")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {campaigns?.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text c="dimmed" ta="center" py="md">
                      {t("dashboard.none")}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {campaigns?.map((c) => (
                <Table.Tr key={c._id} bg={c._id === selectedId ? "var(--mantine-color-default-hover)" : undefined}>
                  <Table.Td>
                    <Anchor component="button" type="button" fw={600} ta="left" onClick={() => (setSelectedId(c._id), setEditing(null))}>
                      {c.displayName || c.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {c.name} · {String(c.templateConfig.template ?? "standard")}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {formatDisplayDate(c.startDate)} – {formatDisplayDate(c.endDate)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatUSD(c.offerAmountCents)}</Table.Td>
                  <Table.Td ta="right">{c.stats.claims}</Table.Td>
                  <Table.Td ta="right">{c.stats.verifications}</Table.Td>
                  <Table.Td ta="right">{c.stats.redemptions}</Table.Td>
                  <Table.Td>
                    <Switch
                      checked={c.isActive}
                      onChange={(e) => void toggle(c._id, e.currentTarget.checked)}
                      aria-label={t("dashboard.activeFor", { name: c.name })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Card>
      {selected ? <CampaignDetails campaign={selected} onEdit={() => setEditing("edit")} /> : null}
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
  updatedAt: number;
  budgetCents: number | null;
  maxParticipants: number | null;
  stats: { claims: number };
};

function CampaignDetails({ campaign, onEdit }: { campaign: Campaign; onEdit: () => void }) {
  const { t } = useTranslation("marketing");
  const claims = useQuery(api.marketing.getCampaignClaims, { campaignId: campaign._id });
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
              <Badge color={campaign.isActive ? "teal" : "gray"} variant="light">
                {campaign.isActive ? t("dashboard.activeBadge") : t("dashboard.inactiveBadge")}
              </Badge>
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
          {claims?.length === 0 ? (
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
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding={0} style={{ overflow: "hidden" }}>
        <Text size="sm" fw={600} p="sm">
          {t("dashboard.preview")}
        </Text>
        {campaign.isActive ? (
          <iframe key={campaign.updatedAt} src={url} title={t("dashboard.preview")} style={{ width: "100%", height: 560, border: 0, display: "block" }} />
        ) : (
          <Text size="sm" c="dimmed" p="md">
            {t("dashboard.previewInactive")}
          </Text>
        )}
      </Card>
    </SimpleGrid>
  );
}
