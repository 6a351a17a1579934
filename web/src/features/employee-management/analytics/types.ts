import type { ReturnsOf } from "@tumble/domain/functionPath";
import { api } from "../../../lib/api";

export const analyticsApi = api.labourAnalytics;
export type Overview = ReturnsOf<typeof analyticsApi.overview>;
export type EmployeeRow = Overview["employees"][number];
