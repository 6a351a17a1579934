import type { ReturnsOf } from "@tumble/domain/functionPath";
import type { api } from "../../../lib/api";

export type WeekData = ReturnsOf<typeof api.shifts.listWeek>;
export type ShiftItem = WeekData["shifts"][number];
export type Conflict = WeekData["conflicts"][number];
export type Person = WeekData["employees"][number];

/** A cell of the grid: one employee (null: the open-shifts row) on one date. */
export interface Cell {
  employeeId: string | null;
  date: string;
}

export const OPEN_ROW = "open";
