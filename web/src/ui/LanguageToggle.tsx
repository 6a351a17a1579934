import { SegmentedControl } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLanguageSwitch } from "../lib/language";
import type { Language } from "../lib/i18n";

/** EN / ES switch. */
export function LanguageToggle() {
  const { t } = useTranslation("common");
  const { language, changeLanguage, saving } = useLanguageSwitch();
  return (
    <SegmentedControl
      size="xs"
      radius="xl"
      value={language}
      disabled={saving}
      onChange={(value) => void changeLanguage(value as Language)}
      aria-label={t("language.label")}
      data={[
        { value: "en", label: <span title={t("language.english")}>EN</span> },
        { value: "es", label: <span title={t("language.spanish")}>ES</span> },
      ]}
    />
  );
}
