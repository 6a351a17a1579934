import type { MantineColorScheme, MantineColorSchemeManager } from "@mantine/core";

export const THEME_STORAGE_KEY = "tumble.theme";
export type ThemeChoice = "light" | "dark" | "system";

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return value === "light" || value === "dark" || value === "system";
}

export function toThemeChoice(scheme: MantineColorScheme): ThemeChoice {
  return scheme === "auto" ? "system" : scheme;
}

export function toColorScheme(choice: ThemeChoice): MantineColorScheme {
  return choice === "system" ? "auto" : choice;
}

/**
 * Stores the theme as light, dark or system (Mantine's "auto", which follows the OS live) and
 * follows changes made in other tabs. Anything else stored means system.
 */
export function themeStorageManager(): MantineColorSchemeManager {
  let onStorage: ((event: StorageEvent) => void) | undefined;
  return {
    get(defaultValue) {
      try {
        const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
        return isThemeChoice(stored) ? toColorScheme(stored) : defaultValue;
      } catch {
        return defaultValue;
      }
    },
    set(value) {
      try {
        window.localStorage.setItem(THEME_STORAGE_KEY, toThemeChoice(value));
      } catch {
        // Storage unavailable (private mode): the choice lasts for this page only.
      }
    },
    subscribe(onUpdate) {
      onStorage = (event) => {
        if (event.storageArea === window.localStorage && event.key === THEME_STORAGE_KEY) {
          onUpdate(isThemeChoice(event.newValue) ? toColorScheme(event.newValue) : "auto");
        }
      };
      window.addEventListener("storage", onStorage);
    },
    unsubscribe() {
      if (onStorage) window.removeEventListener("storage", onStorage);
    },
    clear() {
      try {
        window.localStorage.removeItem(THEME_STORAGE_KEY);
      } catch {
        // ignore
      }
    },
  };
}
