import { Alert, List, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../parts/AppLink";
import { instantLabel } from "../parts/format";
import type { NotIncludedEntry, PayPeriodDetail } from "../parts/types";

/** What the period leaves out (unverified time, employees without a rate) and whether its figures are frozen. */
export function PeriodWarnings({ p, unverified }: { p: PayPeriodDetail; unverified: NotIncludedEntry[] }) {
  const { t } = useTranslation("payroll");
  return (
    <>
      {unverified.length > 0 ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={t("notIncluded.title", { count: unverified.length })}
          data-testid="unverified-warning"
        >
          <Stack gap="xs">
            <Text size="sm">{p.status === "open" ? t("notIncluded.blocksLock") : t("notIncluded.afterLock")}</Text>
            <List size="sm" spacing={2}>
              {unverified.map((e) => (
                <List.Item key={e.entryId} data-testid="not-included-entry">
                  {t("notIncluded.entry", {
                    name: e.employeeName,
                    store: e.storeName,
                    when: instantLabel(e.clockInAt),
                    status: t(`entryStatus.${e.status}`),
                  })}
                </List.Item>
              ))}
            </List>
            <AppLink
              to="/employee-management/time-entry-verification"
              search={{ from: p.startsOn, to: p.endsOn, status: "pending" }}
              size="sm"
              testId="verify-link"
            >
              {t("notIncluded.verify")}
            </AppLink>
          </Stack>
        </Alert>
      ) : null}
      {p.warnings.employeesWithoutRate > 0 ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="no-rate-warning">
          {t("warnings.noRate", { count: p.warnings.employeesWithoutRate })}{" "}
          <AppLink to="/employee-management/profiles" size="sm">
            {t("warnings.setRates")}
          </AppLink>
        </Alert>
      ) : null}
      {p.status !== "open" && p.frozen ? (
        <Text size="sm" c="dimmed">
          {t("frozen")}
        </Text>
      ) : null}
    </>
  );
}
