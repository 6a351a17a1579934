import { Drawer, Group, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatUSD } from "@tumble/domain/money";
import { formatDisplayDate, formatDisplayDateTime } from "../collections/format";
import { accountName } from "./accountName";
import { CashStatusBadge } from "./StatusBadge";
import { TransactionActions } from "./TransactionActions";
import type { CashEntry } from "./types";

/** One transaction: who asked and decided, and its lines (debits positive). */
export function EntryDrawer({ entry, onClose }: { entry: CashEntry | null; onClose: () => void }) {
  const { t } = useTranslation("cash");
  return (
    <Drawer opened={entry !== null} onClose={onClose} position="right" title={entry ? `${t(`kinds.${entry.kind}`)} · ${formatUSD(entry.amountCents)}` : ""}>
      {entry ? (
        <Stack gap="sm" data-testid="entry-drawer">
          <Group gap="xs">
            <CashStatusBadge status={entry.status} />
            <Text size="sm">
              {formatDisplayDate(entry.businessDate)}
              {entry.storeName ? ` · ${entry.storeName}` : ""}
            </Text>
          </Group>
          {entry.description ? <Text size="sm">{entry.description}</Text> : null}
          <Text size="sm" c="dimmed">
            {t("drawer.requested", { name: entry.requestedByName ?? "—", when: formatDisplayDateTime(entry.createdAt) })}
          </Text>
          {entry.decidedByName ? (
            <Text size="sm" c="dimmed">
              {t("drawer.decided", { name: entry.decidedByName, when: formatDisplayDateTime(entry.decidedAt) })}
              {entry.decisionReason ? ` — ${entry.decisionReason}` : ""}
            </Text>
          ) : null}
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("columns.account")}</Table.Th>
                <Table.Th ta="right">{t("columns.amount")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entry.lines.map((l) => (
                <Table.Tr key={l.accountId}>
                  <Table.Td>{accountName(t, { kind: l.accountKind, name: l.accountName })}</Table.Td>
                  <Table.Td ta="right">{formatUSD(l.amountCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <TransactionActions entry={entry} />
        </Stack>
      ) : null}
    </Drawer>
  );
}
