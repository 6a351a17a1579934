import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "./api";
import { useAuth } from "./auth";
import { runMutation } from "./client";
import { detectLanguage, effectiveLanguage } from "@tumble/domain/languagePriority";
import { useQueryState } from "./hooks";
import i18n, { currentLanguage, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from "./i18n";
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
 * Applies the signed-in user's language by the spec's priority: a choice of this tab still being
 * saved, the saved language, the company default, then what detection found (stored key, then the
 * browser language).
 */
export function useApplyEffectiveLanguage(user: { language?: string | null; activeCompanyId?: string | null } | null | undefined): void {
  const companyId = user?.activeCompanyId ?? null;
  const { data: companyDefault } = useQueryState(
    api.companies.getCompanyDefaultLanguage,
    user && !isLanguage(user.language) && companyId ? { companyId } : "skip",
  );
  const saved = user?.language ?? null;
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!user || pendingChoice !== null) return;
    if (!isLanguage(saved) && companyDefault === undefined && companyId) return;
    const detected = detectLanguage({ stored: storedLanguage(), browser: navigator.language });
    const target = effectiveLanguage({ pending: pendingChoice, saved, companyDefault, browser: detected });
    if (applied.current === target && currentLanguage() === target) return;
    applied.current = target;
    if (currentLanguage() !== target) void i18n.changeLanguage(target);
  }, [user, saved, companyDefault, companyId]);
}

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}
