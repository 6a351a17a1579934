import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconArrowsLeftRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import {
  applyPreset,
  DATE_PRESETS,
  presetHasComparison,
  setComparisonEnabled,
  setFromDate,
  setIncludeTime,
  setTimes,
  setToDate,
  type DatePreset,
  type DateRange,
} from "@tumble/domain/datePresets";
import { formatDisplayRange } from "./format";

export interface DateRangePickerProps {
  value: DateRange;
  /** The quick-select preset the range came from; null for a custom range. */
  preset: DatePreset | null;
  today: string;
  onChange: (range: DateRange, preset: DatePreset | null) => void;
  error?: string | null;
}

/**
 * Custom range (two date inputs, at most today), the quick-select presets, optional times (one
 * second step) and the comparison period. Every rule lives in @tumble/domain/datePresets.
 */
export function DateRangePicker({ value, preset, today, onChange, error }: DateRangePickerProps) {
  const { t } = useTranslation("collections");
  const comparisonPossible = presetHasComparison(preset);

  return (
    <Stack gap="sm">
      <div>
        <Text fw={600} size="sm" mb={6}>
          {t("selection.range.customRange")}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            type="date"
            label={t("selection.range.from")}
            value={value.fromDate}
            max={today}
            onChange={(e) => onChange(setFromDate(value, e.currentTarget.value, today), null)}
            data-testid="selection-from-date"
          />
          <TextInput
            type="date"
            label={t("selection.range.to")}
            value={value.toDate}
            max={today}
            onChange={(e) => onChange(setToDate(value, e.currentTarget.value, today), null)}
            data-testid="selection-to-date"
          />
        </SimpleGrid>
        {error ? (
          <Text c="red" size="xs" mt={4} role="alert">
            {error}
          </Text>
        ) : null}
      </div>

      <div>
        <Text fw={600} size="sm" mb={6} id="selection-quick-select">
          {t("selection.range.quickSelect")}
        </Text>
        <SimpleGrid cols={{ base: 3, xs: 4, sm: 5 }} spacing={6} role="group" aria-labelledby="selection-quick-select">
          {DATE_PRESETS.map((p) => (
            <Button
              key={p}
              size="compact-sm"
              variant={preset === p ? "filled" : "default"}
              aria-pressed={preset === p}
              onClick={() => onChange(applyPreset(value, p, today), p)}
              styles={{ label: { whiteSpace: "normal", lineHeight: 1.15, textAlign: "center" } }}
              h="auto"
              mih={30}
              py={4}
            >
              {t(`selection.presets.${p}`)}
            </Button>
          ))}
        </SimpleGrid>
      </div>

      <Checkbox
        label={t("selection.range.includeTime")}
        checked={value.includeTime}
        onChange={(e) => onChange(setIncludeTime(value, e.currentTarget.checked), preset)}
      />
      {value.includeTime ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            type="time"
            step={1}
            label={t("selection.range.fromTime")}
            value={value.fromTime}
            onChange={(e) => onChange(setTimes(value, { fromTime: e.currentTarget.value }), preset)}
          />
          <TextInput
            type="time"
            step={1}
            label={t("selection.range.toTime")}
            value={value.toTime}
            onChange={(e) => onChange(setTimes(value, { toTime: e.currentTarget.value }), preset)}
          />
        </SimpleGrid>
      ) : null}

      <Checkbox
        label={t("selection.range.compare")}
        checked={value.enableComparison}
        disabled={!comparisonPossible}
        description={comparisonPossible ? undefined : t("selection.range.noComparison")}
        onChange={(e) => onChange(setComparisonEnabled(value, e.currentTarget.checked, preset), preset)}
      />
      {value.enableComparison ? (
        <Alert variant="light" color="grape" icon={<IconArrowsLeftRight size={18} aria-hidden />} p="xs" data-testid="selection-comparison">
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600}>
              {t("selection.range.comparison")}
            </Text>
            <Text size="sm" data-testid="selection-comparison-dates">
              {value.compareFromDate && value.compareToDate
                ? formatDisplayRange(value.compareFromDate, value.compareToDate, value.compareFromTime, value.compareToTime)
                : t("selection.range.comparisonPending")}
            </Text>
          </Group>
        </Alert>
      ) : null}
    </Stack>
  );
}
