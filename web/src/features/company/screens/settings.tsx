import { EARLY_CLOCK_IN_POLICIES } from "@tumble/domain/timeEntryReview";
import { Skeleton, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { OVERTIME_PRESETS, PAY_FREQUENCIES, WEEKDAYS } from "@tumble/domain/companySettings";
import { COMPANY_SIZES } from "@tumble/domain/companyCode";
import { OUTSIDE_ZONE_POLICIES } from "@tumble/domain/geoZones";
import { api } from "../../../lib/api";
import { useQuery } from "../../../lib/hooks";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { timeZones } from "../locations/timeZones";
import { CompanyCodeCard } from "../settings/CompanyCodeCard";
import { SectionCard, type FieldSpec } from "../settings/SectionCard";

const FIELDS = {
  profile: [
    { name: "name", kind: "text" },
    { name: "displayName", kind: "text" },
    { name: "industry", kind: "text" },
    { name: "size", kind: "select", options: COMPANY_SIZES, clearable: true },
    { name: "logoUrl", kind: "text" },
    { name: "description", kind: "textarea" },
    { name: "address", kind: "textarea" },
    { name: "employerId", kind: "text" },
    { name: "payrollClientCode", kind: "text" },
  ],
  language: [{ name: "defaultLanguage", kind: "select", options: ["en", "es"] }],
  joinPolicy: [
    { name: "allowJoinRequests", kind: "switch" },
    { name: "requireApproval", kind: "switch" },
  ],
  money: [
    { name: "varianceThresholdCents", kind: "money" },
    { name: "blindCounts", kind: "switch" },
    { name: "requireApproval", kind: "switch" },
    { name: "duplicateApprovalCents", kind: "money" },
  ],
  workforce: [
    { name: "payFrequency", kind: "select", options: PAY_FREQUENCIES },
    { name: "payAnchorDate", kind: "date" },
    { name: "payrollStartsOn", kind: "date" },
    { name: "workweekStart", kind: "select", options: WEEKDAYS },
    { name: "overtimePreset", kind: "select", options: OVERTIME_PRESETS },
    { name: "autoApproveToleranceMinutes", kind: "number" },
    { name: "earlyClockInMinutes", kind: "number" },
    { name: "earlyClockIn", kind: "select", options: EARLY_CLOCK_IN_POLICIES },
    { name: "maxShiftHours", kind: "number" },
    { name: "minRestHours", kind: "number" },
    { name: "weeklyHoursLimit", kind: "number" },
    { name: "outsideZone", kind: "select", options: OUTSIDE_ZONE_POLICIES },
    { name: "openShiftAutoApprove", kind: "switch" },
    { name: "minimumWageCents", kind: "money" },
  ],
} satisfies Record<string, FieldSpec[]>;

type Settings = Record<keyof typeof FIELDS | "stores", Record<string, unknown>> & { companyCode: string };

/** /company/settings: the company's settings in sections, each validated and saved on its own. */
export default function CompanySettingsScreen() {
  const { t } = useTranslation("companySettings");
  const settings = useQuery(api.companySettings.get, {}) as Settings | undefined;
  const zones = timeZones();
  return (
    <Stack gap="md" maw={960}>
      <ScreenTitle title={t("title")} subtitle={t("subtitle")} />
      {settings === undefined ? (
        <Skeleton height={320} />
      ) : (
        <>
          <SectionCard section="profile" fields={FIELDS.profile} initial={settings.profile} />
          <SectionCard section="language" fields={FIELDS.language} initial={settings.language} />
          <SectionCard section="joinPolicy" fields={FIELDS.joinPolicy} initial={settings.joinPolicy} />
          <CompanyCodeCard code={settings.companyCode} />
          <SectionCard section="money" fields={FIELDS.money} initial={settings.money} />
          <SectionCard section="workforce" fields={FIELDS.workforce} initial={settings.workforce} />
          <SectionCard
            section="stores"
            fields={[
              {
                name: "defaultTimeZone",
                kind: "select",
                options: zones,
                labels: Object.fromEntries(zones.map((z) => [z, z])),
                searchable: true,
                clearable: true,
              },
            ]}
            initial={settings.stores}
          />
        </>
      )}
    </Stack>
  );
}
