import { Badge, Group, Stack, Table, Text, Title } from "@mantine/core";
import { IconArrowDownRight } from "@tabler/icons-react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { formatUSD } from "@tumble/domain/money";
import { formatDisplayDateTime } from "./format";
import type { CollectionDetail } from "./types";
import classes from "./collections.module.css";

/** A collection's lines by section, each beside its machine's expected figure, the low ones flagged. */
export function CollectionLinesTable({ lines }: { lines: CollectionDetail["lines"] }) {
  const { t } = useTranslation("collections");
  const sections: Array<{ name: string; lines: CollectionDetail["lines"] }> = [];
  for (const line of lines) {
    const last = sections[sections.length - 1];
    if (last && last.name === line.sectionName) last.lines.push(line);
    else sections.push({ name: line.sectionName, lines: [line] });
  }
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing={6} horizontalSpacing="xs" data-testid="detail-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("verify.machine")}</Table.Th>
            <Table.Th ta="right">{t("verify.amount")}</Table.Th>
            <Table.Th ta="right">{t("verify.expected")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sections.map((s) => (
            <Fragment key={s.name}>
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text fw={700} size="sm">
                    {s.name}
                  </Text>
                </Table.Td>
              </Table.Tr>
              {s.lines.map((l) => (
                <Table.Tr
                  key={l._id}
                  className={l.isLow ? classes.lowLine : undefined}
                  data-testid="detail-line"
                  data-machine={l.label}
                  data-low={l.isLow || undefined}
                >
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text fw={600} size="sm">
                        {l.label}
                      </Text>
                      {l.isLow ? (
                        <Badge color="red" variant="filled" size="sm" leftSection={<IconArrowDownRight size={12} aria-hidden />} data-testid="low-flag">
                          {t("verify.low")}
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {l.isChanger
                        ? t("verify.changerDetail", { bills: formatUSD(l.billsCents), coins: formatUSD(l.coinsCents) })
                        : t("verify.lineDetail", { coins: formatUSD(l.coinsCents), bills: formatUSD(l.billsCents) })}
                      {l.meterReading !== null ? ` · ${t("record.meter")}: ${l.meterReading}` : ""}
                    </Text>
                    {l.note ? (
                      <Text size="xs" fs="italic">
                        {l.note}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatUSD(l.amountCents)}
                  </Table.Td>
                  <Table.Td ta="right" c={l.isLow ? "red" : "dimmed"} data-testid="line-expected">
                    {l.expectedCents === null ? t("verify.noHistory") : formatUSD(l.expectedCents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The adjustments made to a verified collection, each with its reason, who and when. */
export function CollectionAdjustments({ adjustments }: { adjustments: CollectionDetail["adjustments"] }) {
  const { t } = useTranslation("collections");
  return (
    <Stack gap="xs" data-testid="detail-adjustments">
      <Title order={3} size="h5">
        {t("adminCollections.adjustments")}
      </Title>
      {adjustments.map((a) => (
        <Group key={a._id} justify="space-between" wrap="nowrap" data-testid="detail-adjustment">
          <div style={{ minWidth: 0 }}>
            <Text size="sm">{a.adjustmentReason}</Text>
            <Text size="xs" c="dimmed">
              {formatDisplayDateTime(a.verifiedAt)} · {a.collectorName || a.collectorEmail}
            </Text>
          </div>
          <Text fw={700} c={a.totalCents < 0 ? "red" : "green"}>
            {a.totalCents > 0 ? "+" : ""}
            {formatUSD(a.totalCents)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
