import { Loader, Stack, Text, TextInput, ThemeIcon } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconAlertTriangle, IconCheck, IconX } from "@tabler/icons-react";
import { COMPANY_CODE_DEBOUNCE_MS, COMPANY_CODE_MIN_LENGTH, normalizeCompanyCode } from "@tumble/domain/companyCode";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { useQueryState } from "../../lib/hooks";
import { CompanyCard, type CompanyStanding, type FinderCompany } from "./CompanyCard";

type CheckState = "idle" | "checking" | "valid" | "invalid" | "error";

/**
 * The company code: normalised on every keystroke (uppercase, A-Z and 0-9, CMP before a leading
 * digit, 12 at most) and checked automatically from 6 characters once unchanged for 500 ms.
 */
export function CodePanel({
  code,
  onCodeChange,
  standingOf,
  onSelect,
}: {
  code: string;
  onCodeChange: (code: string) => void;
  standingOf: (company: FinderCompany) => CompanyStanding;
  onSelect: (company: FinderCompany) => void;
}) {
  const { t } = useTranslation("admin");
  const statusId = useId();
  const [settled] = useDebouncedValue(code, COMPANY_CODE_DEBOUNCE_MS);
  const long = code.length >= COMPANY_CODE_MIN_LENGTH;
  const stable = long && settled === code;
  const check = useQueryState(api.companyJoinRequests.validateCompanyCode, stable ? { companyCode: settled } : "skip", { public: true });

  const state: CheckState = !long
    ? "idle"
    : !stable || check.isLoading
      ? "checking"
      : check.error
        ? "error"
        : check.data?.isValid
          ? "valid"
          : check.data
            ? "invalid"
            : "checking";
  const company = state === "valid" || state === "invalid" ? (check.data?.company ?? null) : null;
  const name = company ? company.displayName || company.name : "";

  const message =
    state === "error"
      ? t("finder.code.failed")
      : state === "valid"
        ? t("finder.code.found", { name })
        : state === "invalid"
          ? company
            ? t("finder.code.closed", { name })
            : t("finder.code.notFound")
          : state === "checking"
            ? t("finder.code.checking")
            : t("finder.code.lengthHint");

  return (
    <Stack gap="sm">
      <TextInput
        label={t("finder.code.label")}
        description={t("finder.code.hint")}
        placeholder="CMP100001"
        value={code}
        onChange={(event) => onCodeChange(normalizeCompanyCode(event.currentTarget.value))}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", letterSpacing: "0.06em" } }}
        rightSection={<StateIcon state={state} />}
        aria-describedby={statusId}
        error={state === "invalid" || state === "error" ? true : undefined}
        data-testid="company-code-input"
      />
      <Text
        id={statusId}
        aria-live="polite"
        data-testid="company-code-status"
        data-state={state}
        size="sm"
        c={state === "valid" ? "teal" : state === "invalid" || state === "error" ? "red" : "dimmed"}
      >
        {message}
      </Text>
      {company ? <CompanyCard company={company} standing={standingOf(company)} onSelect={onSelect} /> : null}
    </Stack>
  );
}

function StateIcon({ state }: { state: CheckState }) {
  const { t } = useTranslation("admin");
  if (state === "checking") return <Loader size="xs" aria-label={t("finder.code.checking")} />;
  if (state === "valid")
    return (
      <ThemeIcon color="teal" radius="xl" size="sm" aria-label={t("finder.code.valid")} role="img">
        <IconCheck size={14} aria-hidden />
      </ThemeIcon>
    );
  if (state === "invalid")
    return (
      <ThemeIcon color="red" radius="xl" size="sm" aria-label={t("finder.code.invalid")} role="img">
        <IconX size={14} aria-hidden />
      </ThemeIcon>
    );
  if (state === "error")
    return (
      <ThemeIcon color="orange" radius="xl" size="sm" aria-label={t("finder.code.failed")} role="img">
        <IconAlertTriangle size={14} aria-hidden />
      </ThemeIcon>
    );
  return null;
}
