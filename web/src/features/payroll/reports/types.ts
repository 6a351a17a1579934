import type { ReturnsOf } from "@tumble/domain/functionPath";
import { api } from "../../../lib/api";

export const payrollReportsApi = api.payrollReports;
export type PayrollReport = ReturnsOf<typeof payrollReportsApi.get>;
