import { Group, SegmentedControl, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDisplayRange } from "@tumble/domain/dateFormat";
import { useSearchState } from "../../lib/searchParams";
import { SELECTION_SCOPE_SEARCH, type SelectionScope } from "../../lib/selectionScope";

/**
 * Above the labour analytics and payroll reports: the selected store or every store (when there is
 * more than one), and the comparison period the figures are set against. Test ids: `${testId}-scope`
 * and `${testId}-comparison`.
 */
export function SelectionScopeHeader({ scope, testId }: { scope: SelectionScope; testId: string }) {
  const { t } = useTranslation("labourAnalytics");
  const [, setSearch] = useSearchState(SELECTION_SCOPE_SEARCH);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      {scope.canChooseAll ? (
        <SegmentedControl
          aria-label={t("scope.label")}
          value={scope.allStores ? "all" : "store"}
          onChange={(v) => setSearch({ store: v === "all" ? "all" : undefined })}
          data={[
            { value: "store", label: scope.storeName || t("scope.store") },
            { value: "all", label: t("scope.all") },
          ]}
          data-testid={`${testId}-scope`}
        />
      ) : !scope.hasStore ? (
        <Text size="sm" c="dimmed">
          {t("scope.noStore")}
        </Text>
      ) : null}
      <Text size="sm" c="dimmed" data-testid={`${testId}-comparison`}>
        {t("comparedWith", { range: formatDisplayRange(scope.args.compareFrom, scope.args.compareTo) })}
      </Text>
    </Group>
  );
}
