import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useQuery } from "../../../lib/hooks";
import { formatDisplayDate } from "./format";
import { StatusBadge } from "./StatusBadge";
import type { CollectionSummary } from "./types";

interface Props {
  editingId: string | null;
  onContinue: (collection: CollectionSummary) => void;
}

/** The caller's drafts and rejected collections, to continue or correct and resubmit. */
export function OpenCollections({ editingId, onContinue }: Props) {
  const { t } = useTranslation("collections");
  const open = useQuery(api.collections.listMyOpenCollections, {});
  if (!open?.length) return null;
  return (
    <Card withBorder radius="md" p="sm" data-testid="open-collections">
      <Title order={2} size="h5" mb="xs">
        {t("record.openTitle")}
      </Title>
      <Stack gap="xs">
        {open.map((c) => (
          <Stack key={c._id} gap={4} data-testid="open-collection">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Text fw={600} size="sm">
                    {formatDisplayDate(c.businessDate)}
                  </Text>
                  <StatusBadge status={c.status} />
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {c.storeName} · {formatUSD(c.totalCents)} · {t("common.machineCount", { count: c.lineCount })}
                </Text>
              </div>
              {c._id === editingId ? (
                <Badge variant="outline">{t("record.editing")}</Badge>
              ) : (
                <Button size="sm" variant="light" onClick={() => onContinue(c)} miw={44} mih={44}>
                  {c.status === "rejected" ? t("record.correct") : t("record.continue")}
                </Button>
              )}
            </Group>
            {c.status === "rejected" && c.rejectionReason ? (
              <Alert color="red" variant="light" p="xs" title={t("record.rejectedTitle")}>
                {c.rejectionReason}
              </Alert>
            ) : null}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
