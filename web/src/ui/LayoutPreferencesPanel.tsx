import { Button, Group, SegmentedControl, Stack, Text } from "@mantine/core";
import { IconRestore } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { LayoutPreferences } from "@tumble/domain/preferences";
import { resetPreferences, updatePreferences, useDensity, usePreferences } from "../lib/preferences";
import { openConfirm } from "./confirm";
import { ScaleControls } from "./DisplayControls";

/** Spec section 2 "Other": the layout preferences panel — density, sidebar, display scales, reset. */
export function LayoutPreferencesPanel() {
  const { t } = useTranslation(["settings", "common"]);
  const prefs = usePreferences();
  const density = useDensity();
  const confirmReset = () =>
    openConfirm({
      title: t("layout.resetTitle"),
      message: t("layout.resetMessage"),
      confirmLabel: t("layout.reset"),
      cancelLabel: t("common:actions.cancel"),
      destructive: true,
      confirmTestId: "layout-reset-confirm",
      onConfirm: () => void resetPreferences(),
    });
  return (
    <Stack gap="md">
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t("layout.density")}
        </Text>
        <SegmentedControl
          fullWidth
          size="xs"
          value={prefs.layoutDensity}
          onChange={(value) => updatePreferences({ layoutDensity: value as LayoutPreferences["layoutDensity"] })}
          aria-label={t("layout.density")}
          data={(["comfortable", "compact", "minimal"] as const).map((value) => ({ value, label: t(`layout.densities.${value}`) }))}
        />
        {density !== prefs.layoutDensity ? (
          <Text size="xs" c="dimmed" mt={4}>
            {t("layout.densityAdjusted", { density: t(`layout.densities.${density}`) })}
          </Text>
        ) : null}
      </div>
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t("layout.sidebar")}
        </Text>
        <SegmentedControl
          fullWidth
          size="xs"
          value={prefs.sidebarBehavior}
          onChange={(value) => updatePreferences({ sidebarBehavior: value as LayoutPreferences["sidebarBehavior"], sidebarCollapsed: value === "collapsed" })}
          aria-label={t("layout.sidebar")}
          data={(["auto", "expanded", "collapsed", "hidden"] as const).map((value) => ({ value, label: t(`layout.sidebarModes.${value}`) }))}
        />
        <Text size="xs" c="dimmed" mt={4}>
          {t("layout.sidebarHint")}
        </Text>
      </div>
      <ScaleControls />
      <Group justify="flex-end">
        <Button variant="default" leftSection={<IconRestore size={16} aria-hidden />} onClick={confirmReset} data-testid="layout-reset">
          {t("layout.reset")}
        </Button>
      </Group>
    </Stack>
  );
}
