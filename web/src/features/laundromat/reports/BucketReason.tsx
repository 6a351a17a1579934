import { Button, Group, Text } from "@mantine/core";
import { IconCalendarStats } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { isTimeGroup, type RevenueGroup } from "@tumble/domain/reports";
import { bucketOften } from "./reportRules";
import type { ReportScope } from "./useReportScope";

/**
 * One line over the revenue report saying which bucket it is grouped by and why: "Weekly: this
 * store is collected about twice a week." A picked grouping says so, with a way back to the
 * bucket the collections fit; a picked day grouping of a store collected less often than daily
 * warns that each day's take is an estimate.
 */
export function BucketReason({ scope, onGroupChange }: { scope: ReportScope; onGroupChange?: (group: RevenueGroup | undefined) => void }) {
  const { t } = useTranslation("reports");
  const choice = scope.bucketChoice;
  if (!choice) return null;
  const stores = choice.stores > 1 ? "Stores" : "Store";
  const often = choice.intervalDays === null ? null : t(...bucketOften(choice.intervalDays));
  const bucket = (group: RevenueGroup) => t(`bucket.${isTimeGroup(group) ? group : "day"}`);
  let text: string;
  if (scope.groupChosen) {
    text =
      scope.group === "day" && often && choice.intervalDays! > 1
        ? t("bucket.chosenDaily", { often })
        : t("bucket.chosen", { bucket: isTimeGroup(scope.group) ? bucket(scope.group) : t(`groups.${scope.group}`) });
  } else if (choice.reason === "sparse" && often) {
    text = t(`bucket.sparse${stores}`, { bucket: bucket(choice.group), often });
  } else if (choice.reason === "daily") {
    text = t(`bucket.daily${stores}`, { bucket: bucket(choice.group) });
  } else if (choice.reason === "rangeLength") {
    text = t("bucket.rangeLength", { bucket: bucket(choice.group) });
  } else {
    text = t("bucket.noCollections", { bucket: bucket(choice.group) });
  }
  const canGoBack = scope.groupChosen && scope.group !== choice.group && onGroupChange;
  return (
    // The icon keeps to the first line; the sentence and its button wrap beside it on a phone.
    <Group
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      data-testid="revenue-bucket-reason"
      data-bucket={scope.group}
      data-reason={scope.groupChosen ? "chosen" : choice.reason}
    >
      <IconCalendarStats size={18} aria-hidden style={{ flex: "none", marginTop: 2 }} />
      <Group gap={4} wrap="wrap" miw={0} style={{ flex: 1 }}>
        <Text size="sm">{text}</Text>
        {canGoBack ? (
          <Button variant="subtle" size="compact-sm" onClick={() => onGroupChange(undefined)} data-testid="revenue-bucket-default">
            {t("bucket.backToDefault", { bucket: bucket(choice.group) })}
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
