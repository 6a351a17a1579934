import { Alert, Anchor, Button, Card, Group, Loader, Modal, Select, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconBuildingStore, IconInfoCircle } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DatePreset, DateRange } from "@tumble/domain/datePresets";
import { defaultSelection, localToday, type LaundromatSelection } from "../../lib/laundromatSelection";
import { formatDisplayDate, formatDisplayRange, formatDisplayTimestamp } from "./format";
import { DateRangePicker } from "./DateRangePicker";

export interface SelectableStore {
  _id: string;
  name: string;
  address: string;
  isActive: boolean;
}

export interface LaundromatSelectionDialogProps {
  opened: boolean;
  /** The stored selection, or null when nothing is stored. */
  stored: LaundromatSelection | null;
  /** The company's stores; undefined while they load. */
  stores: readonly SelectableStore[] | undefined;
  onApply: (selection: Omit<LaundromatSelection, "lastUpdated">) => void;
  onClear: () => void;
  onCancel: () => void;
}

/** The store-and-date selection dialog (spec section 2 "Laundromat Selection dialog"). */
export function LaundromatSelectionDialog({ opened, stored, stores, onApply, onClear, onCancel }: LaundromatSelectionDialogProps) {
  const { t } = useTranslation("collections");
  const phone = useMediaQuery("(max-width: 767px)");
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={
        <Group gap="xs" wrap="nowrap">
          <IconBuildingStore size={20} aria-hidden />
          <Text fw={700}>{t("selection.title")}</Text>
        </Group>
      }
      size="lg"
      fullScreen={phone}
      // On a phone the full-screen dialog fades in place, so the store list opens where it stays.
      transitionProps={phone ? { transition: "fade", duration: 0 } : undefined}
      centered
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
      data-testid="selection-dialog"
    >
      {/* Mounted only while open: the fields start from the stored selection on every open. */}
      {opened ? <SelectionForm stored={stored} stores={stores} onApply={onApply} onClear={onClear} onCancel={onCancel} /> : null}
    </Modal>
  );
}

function SelectionForm({ stored, stores, onApply, onClear, onCancel }: Omit<LaundromatSelectionDialogProps, "opened">) {
  const { t } = useTranslation("collections");
  const phone = useMediaQuery("(max-width: 767px)");
  const today = localToday();
  const initial = stored ?? defaultSelection(today);
  const [storeId, setStoreId] = useState<string | null>(initial.storeId);
  const [storeName, setStoreName] = useState(initial.storeName);
  const [range, setRange] = useState<DateRange>(initial.dateRange);
  const [preset, setPreset] = useState<DatePreset | null>(null);
  const [storeTouched, setStoreTouched] = useState(false);

  const activeStores = useMemo(() => (stores ?? []).filter((s) => s.isActive), [stores]);
  const loading = stores === undefined;
  // A stored store that has since been deactivated is not offered again.
  const validStoreId = storeId && activeStores.some((s) => s._id === storeId) ? storeId : null;
  const storeError = !loading && storeTouched && !validStoreId ? t("selection.errors.store") : null;
  const rangeError = !range.fromDate || !range.toDate ? t("selection.errors.range") : null;
  const canApply = !loading && Boolean(validStoreId) && Boolean(range.fromDate) && Boolean(range.toDate);

  const clear = () => {
    const fresh = defaultSelection(localToday());
    setStoreId(null);
    setStoreName("");
    setRange(fresh.dateRange);
    setPreset(null);
    setStoreTouched(false);
    onClear();
  };

  return (
    <Stack gap="md">
      {stored ? <CurrentSelection selection={stored} onClear={clear} /> : null}

      {!loading && activeStores.length === 0 ? (
        <Alert color="yellow" icon={<IconInfoCircle aria-hidden />} data-testid="selection-no-stores">
          {t("selection.noActiveStores")}
        </Alert>
      ) : (
        <Select
          label={t("selection.store")}
          placeholder={loading ? t("selection.storesLoading") : t("selection.storePlaceholder")}
          required
          // Typing to search would raise the phone's keyboard and push the list off screen.
          searchable={!phone}
          disabled={loading}
          rightSection={loading ? <Loader size="xs" aria-label={t("selection.storesLoading")} /> : undefined}
          data={activeStores.map((s) => ({ value: s._id, label: `${s.name} - ${s.address}` }))}
          value={validStoreId}
          onChange={(value) => {
            setStoreTouched(true);
            setStoreId(value);
            setStoreName(activeStores.find((s) => s._id === value)?.name ?? "");
          }}
          onBlur={() => setStoreTouched(true)}
          error={storeError}
          nothingFoundMessage={t("selection.noMatchingStore")}
          // On a phone the list opens inside the dialog, below the field, and scrolls with it.
          comboboxProps={phone ? { withinPortal: false, position: "bottom", middlewares: { flip: false, shift: false } } : { withinPortal: true, zIndex: 1000 }}
          maxDropdownHeight={phone ? 260 : undefined}
          data-testid="selection-store"
        />
      )}

      <DateRangePicker
        value={range}
        preset={preset}
        today={today}
        error={rangeError}
        onChange={(next, nextPreset) => {
          setRange(next);
          setPreset(nextPreset);
        }}
      />

      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onCancel}>
          {t("selection.cancel")}
        </Button>
        <Button
          disabled={!canApply}
          onClick={() => {
            if (!validStoreId) {
              setStoreTouched(true);
              return;
            }
            onApply({ storeId: validStoreId, storeName, dateRange: range });
          }}
          data-testid="selection-apply"
        >
          {t("selection.apply")}
        </Button>
      </Group>
    </Stack>
  );
}

function CurrentSelection({ selection, onClear }: { selection: LaundromatSelection; onClear: () => void }) {
  const { t } = useTranslation("collections");
  const r = selection.dateRange;
  const updated = selection.lastUpdated ? formatDisplayTimestamp(selection.lastUpdated) : null;
  return (
    <Card withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)" data-testid="selection-current">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text fw={600} size="sm">
          {t("selection.current")}
        </Text>
        <Anchor component="button" type="button" size="sm" onClick={onClear} data-testid="selection-clear">
          {t("selection.clear")}
        </Anchor>
      </Group>
      <Stack gap={2} mt={4}>
        <Line label={t("selection.store")} value={selection.storeName || t("selection.noStore")} />
        <Line label={t("selection.rangeLabel")} value={`${formatDisplayDate(r.fromDate)} - ${formatDisplayDate(r.toDate)}`} />
        {r.includeTime && (r.fromTime || r.toTime) ? <Line label={t("selection.times")} value={`${r.fromTime || "--"} - ${r.toTime || "--"}`} /> : null}
        {r.enableComparison && r.compareFromDate ? (
          <Line label={t("selection.range.comparison")} value={formatDisplayRange(r.compareFromDate, r.compareToDate, r.compareFromTime, r.compareToTime)} />
        ) : null}
        {updated ? <Line label={t("selection.lastUpdated")} value={updated} /> : null}
      </Stack>
    </Card>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{" "}
      {value}
    </Text>
  );
}
