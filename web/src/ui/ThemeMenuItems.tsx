import { Menu, useMantineColorScheme } from "@mantine/core";
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { toColorScheme, toThemeChoice, type ThemeChoice } from "../lib/colorScheme";

const CHOICES: { value: ThemeChoice; icon: typeof IconSun }[] = [
  { value: "light", icon: IconSun },
  { value: "dark", icon: IconMoon },
  { value: "system", icon: IconDeviceDesktop },
];

/** Light / dark / system entries for a menu. */
export function ThemeMenuItems() {
  const { t } = useTranslation("common");
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const current = toThemeChoice(colorScheme);
  return (
    <>
      <Menu.Label>{t("theme.label")}</Menu.Label>
      {CHOICES.map(({ value, icon: Icon }) => (
        <Menu.Item
          key={value}
          leftSection={<Icon size={16} aria-hidden />}
          rightSection={current === value ? <IconCheck size={16} aria-label={t("theme.selected")} /> : null}
          onClick={() => setColorScheme(toColorScheme(value))}
          aria-checked={current === value}
          role="menuitemradio"
        >
          {t(`theme.${value}`)}
        </Menu.Item>
      ))}
    </>
  );
}
