import { ActionIcon, Group, SegmentedControl, Slider, Stack, Text, Tooltip, useMantineColorScheme } from "@mantine/core";
import { IconDeviceDesktop, IconLink, IconLinkOff, IconMoon, IconSun } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { DISPLAY_SCALES, SCALE_TABLE, type DisplayScale } from "@tumble/domain/display";
import { toColorScheme, toThemeChoice, type ThemeChoice } from "../lib/colorScheme";
import { setScale, updatePreferences, usePreferences } from "../lib/preferences";

/** Light / dark / system: stored locally (and with the preferences); system follows the OS live. */
export function ThemeChoiceControl({ fullWidth = true }: { fullWidth?: boolean }) {
  const { t } = useTranslation("common");
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const choose = (value: ThemeChoice) => {
    setColorScheme(toColorScheme(value));
    updatePreferences({ theme: value });
  };
  const option = (value: ThemeChoice, Icon: typeof IconSun) => ({
    value,
    label: (
      <Group gap={6} wrap="nowrap" justify="center">
        <Icon size={14} aria-hidden />
        <span>{t(`theme.${value}`)}</span>
      </Group>
    ),
  });
  return (
    <SegmentedControl
      size="xs"
      fullWidth={fullWidth}
      value={toThemeChoice(colorScheme)}
      onChange={(value) => choose(value as ThemeChoice)}
      aria-label={t("theme.label")}
      data-testid="theme-choice"
      data={[option("light", IconSun), option("dark", IconMoon), option("system", IconDeviceDesktop)]}
    />
  );
}

function ScaleSlider({ which, value }: { which: "font" | "icon"; value: DisplayScale }) {
  const { t } = useTranslation("common");
  const label = t(which === "font" ? "display.fontSize" : "display.iconSize");
  const index = DISPLAY_SCALES.indexOf(value);
  const describe = (i: number) => {
    const scale = SCALE_TABLE[DISPLAY_SCALES[i] ?? "base"];
    return `${scale.label} ${scale.percent}`;
  };
  return (
    <div>
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="sm" fw={500} id={`scale-${which}-label`}>
          {label}
        </Text>
        <Text size="xs" c="dimmed" data-testid={`scale-${which}-value`}>
          {describe(index)}
        </Text>
      </Group>
      <Slider
        min={0}
        max={DISPLAY_SCALES.length - 1}
        step={1}
        value={index}
        onChange={(i) => setScale(which, DISPLAY_SCALES[i] ?? "base")}
        label={describe}
        marks={DISPLAY_SCALES.map((s, i) => ({ value: i, label: SCALE_TABLE[s].label }))}
        thumbLabel={label}
        thumbProps={{ "aria-valuetext": describe(index) }}
        mb="lg"
        mx={12}
        size="sm"
      />
    </div>
  );
}

/** Font-size and icon-size sliders over XS..XXL, with the toggle linking the two. */
export function ScaleControls() {
  const { t } = useTranslation("common");
  const prefs = usePreferences();
  const linked = prefs.scalesLinked;
  const toggleLink = () => updatePreferences(linked ? { scalesLinked: false } : { scalesLinked: true, iconScale: prefs.fontScale });
  return (
    <Stack gap={4}>
      <ScaleSlider which="font" value={prefs.fontScale} />
      <Group justify="center">
        <Tooltip label={t(linked ? "display.unlink" : "display.link")} withArrow>
          <ActionIcon
            variant={linked ? "filled" : "default"}
            size="sm"
            onClick={toggleLink}
            aria-pressed={linked}
            aria-label={t(linked ? "display.unlink" : "display.link")}
            data-testid="scales-link"
          >
            {linked ? <IconLink size={14} aria-hidden /> : <IconLinkOff size={14} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      </Group>
      <ScaleSlider which="icon" value={prefs.iconScale} />
    </Stack>
  );
}
