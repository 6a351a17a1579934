import { useTranslation } from "react-i18next";
import { groupConflicts, type ConflictGroup } from "@tumble/domain/scheduling";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { conflictText } from "./messages";
import type { WeekData } from "./types";

/** The week's conflicts, one line per person and rule with the shifts it touches. */
export function ConflictsTable({ data, storeName, shiftsText }: { data: WeekData; storeName: (id: string) => string; shiftsText: (ids: string[]) => string }) {
  const { t } = useTranslation("scheduling");
  const groups = groupConflicts(data.conflicts);
  const conflictColumns: DataColumn<ConflictGroup & { _key: string }>[] = [
    {
      id: "employee",
      header: t("conflicts.employee"),
      cell: (c) => data.employees.find((e) => e._id === c.employeeId)?.name ?? "",
      sortValue: (c) => data.employees.find((e) => e._id === c.employeeId)?.name ?? "",
      card: "title",
    },
    {
      id: "shift",
      header: t("conflicts.shift"),
      cell: (c) => shiftsText(c.shiftIds),
      sortValue: (c) => Math.min(...c.shiftIds.map((id) => data.shifts.find((x) => x._id === id)?.startsAt ?? 0)),
    },
    { id: "problem", header: t("conflicts.problem"), cell: (c) => conflictText(t, c, storeName), sortValue: (c) => c.kind },
  ];
  return (
    <DataTable
      tableId="scheduling.conflicts"
      caption={t("conflicts.title")}
      columns={conflictColumns}
      data={groups.map((c, i) => ({ ...c, _key: `${c.employeeId}-${c.kind}-${i}` }))}
      getRowId={(c) => c._key}
      rowName={(c) => conflictText(t, c, storeName)}
      emptyText={t("conflicts.none")}
      testId="conflicts-table"
    />
  );
}
