import { Badge, Button, Card, Group, Text } from "@mantine/core";
import { IconAdjustmentsHorizontal, IconBuildingStore, IconCalendar } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLaundromatSelection } from "../../lib/laundromatSelection";
import { formatDisplayRange } from "./format";

/** The current store and dates in one line, with the button that opens the selection dialog. */
/** The selected store and dates; `storeOnly` for a screen with its own period (its dates would contradict it). */
export function SelectionSummary({ storeOnly = false }: { storeOnly?: boolean }) {
  const { t } = useTranslation("collections");
  const { selection, openDialog } = useLaundromatSelection();
  const r = selection.dateRange;
  return (
    <Card withBorder radius="md" p="sm" data-testid="selection-summary">
      <Group justify="space-between" gap="sm">
        <Group gap="md" wrap="wrap" miw={0}>
          <Group gap={6} wrap="nowrap">
            <IconBuildingStore size={18} aria-hidden />
            <Text size="sm" fw={600} data-testid="selection-summary-store">
              {selection.storeId ? selection.storeName : t("selection.noStore")}
            </Text>
          </Group>
          {storeOnly ? null : (
            <Group gap={6} wrap="nowrap">
              <IconCalendar size={18} aria-hidden />
              <Text size="sm" data-testid="selection-summary-range">
                {formatDisplayRange(r.fromDate, r.toDate, r.fromTime, r.toTime)}
              </Text>
            </Group>
          )}
          {!storeOnly && r.enableComparison && r.compareFromDate ? (
            <Badge variant="light" color="grape" tt="none" data-testid="selection-summary-comparison">
              {t("selection.versus", { range: formatDisplayRange(r.compareFromDate, r.compareToDate, r.compareFromTime, r.compareToTime) })}
            </Badge>
          ) : null}
        </Group>
        <Button variant="light" size="xs" leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />} onClick={() => openDialog()}>
          {t(storeOnly ? "selection.changeStore" : "selection.change")}
        </Button>
      </Group>
    </Card>
  );
}
