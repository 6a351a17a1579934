import type { ReturnsOf } from "@tumble/domain/functionPath";
import type { api } from "../../../lib/api";

export type EmployeeRow = ReturnsOf<typeof api.employees.list>[number];
export type EmployeeProfile = ReturnsOf<typeof api.employees.get>;
export type RateEntry = EmployeeProfile["rates"][number];
export type EmployeeJobEntry = EmployeeProfile["jobs"][number];
