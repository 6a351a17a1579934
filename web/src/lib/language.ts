import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "./api";
import { useAuth } from "./auth";
import { runMutation } from "./client";
import i18n, { currentLanguage, LANGUAGES, type Language } from "./i18n";
import { notifyError, notifySuccess } from "./notify";

let pendingChoice: Language | null = null;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The current language and a switch. Signed in, the choice is applied at once, saved to the
 * profile, and reverted if saving fails.
 */
export function useLanguageSwitch(): { language: Language; changeLanguage(next: Language): Promise<void>; saving: boolean } {
  // Subscribing through react-i18next re-renders the caller when the language changes.
  const { i18n: instance } = useTranslation("common");
  const { isAuthenticated } = useAuth();
  const [saving, setSaving] = useState(false);
  const language = isLanguage(instance.resolvedLanguage) ? instance.resolvedLanguage : currentLanguage();

  const changeLanguage = useCallback(
    async (next: Language) => {
      const previous = currentLanguage();
      if (next === previous) return;
      await i18n.changeLanguage(next);
      if (!isAuthenticated) {
        notifySuccess(i18n.t("common:language.changed"));
        return;
      }
      pendingChoice = next;
      setSaving(true);
      try {
        await runMutation(api.users.updateLanguagePreference, { language: next });
        notifySuccess(i18n.t("common:language.changed"));
      } catch (error) {
        console.warn("Saving the language preference failed", error);
        await i18n.changeLanguage(previous);
        notifyError(i18n.t("common:language.saveFailed"));
      } finally {
        pendingChoice = null;
        setSaving(false);
      }
    },
    [isAuthenticated],
  );

  return { language, changeLanguage, saving };
}

/**
 * Applies the signed-in user's saved language when it arrives or changes, unless a choice of
 * this tab is still being saved (that choice wins).
 */
export function useApplySavedLanguage(saved: string | null | undefined): void {
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!isLanguage(saved) || pendingChoice !== null) return;
    if (applied.current === saved && currentLanguage() === saved) return;
    applied.current = saved;
    if (currentLanguage() !== saved) void i18n.changeLanguage(saved);
  }, [saved]);
}
