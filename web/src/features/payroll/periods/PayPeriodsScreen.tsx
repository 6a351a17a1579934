import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useQuery, useQueryState } from "../../../lib/hooks";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { currentPeriodOf } from "../parts/currentPeriod";
import { PeriodDetail } from "./PeriodDetail";
import { PeriodsList } from "./PeriodsList";

/** The list's sort and page, the open period and the employee drilled into, in the URL (decision 0020). */
interface PeriodsSearch {
  period: string;
  employee: string;
  sort: string;
  dir: "asc" | "desc";
  page: number;
}
const SEARCH: SearchSchema<PeriodsSearch> = {
  period: param.text(64),
  employee: param.text(64),
  sort: param.oneOf(["period", "status", "employees", "regular", "overtime", "overtimeCost", "gross", "warnings"] as const),
  dir: param.oneOf(["asc", "desc"] as const),
  page: param.int(1),
};

/** payroll/pay-periods: every period with its figures; one period by employee, locked, reopened, paid and exported. */
export function PayPeriodsScreen() {
  const { t } = useTranslation("payroll");
  const [search, setSearch] = useSearchState(SEARCH);
  const role = useQuery(api.auth.getUserCompanyRole);
  const periods = useQueryState(api.payPeriods.list, {});
  const current = currentPeriodOf(periods.data);
  return (
    <Stack gap="lg">
      <ScreenTitle title={t("periods.title")} subtitle={t("periods.subtitle")} />
      {search.period ? (
        <PeriodDetail
          periodId={search.period}
          employeeId={search.employee}
          onBack={() => setSearch({ period: undefined, employee: undefined }, { push: true })}
          onOpenEmployee={(id) => setSearch({ employee: id }, id ? { push: true } : undefined)}
        />
      ) : (
        <PeriodsList
          periods={periods.data}
          error={periods.error}
          currentId={current?.id ?? null}
          sort={{ id: search.sort ?? "period", desc: search.sort ? search.dir === "desc" : true }}
          onSortChange={(s) => setSearch({ sort: s?.id, dir: s?.desc ? "desc" : "asc", page: undefined })}
          page={search.page ?? 1}
          onPageChange={(page) => setSearch({ page: page > 1 ? page : undefined })}
          onOpen={(p) => setSearch({ period: p.id }, { push: true })}
          canExport={Boolean(role?.permissions.canExportReports)}
        />
      )}
    </Stack>
  );
}
