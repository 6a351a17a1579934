import type { ReturnsOf } from "@tumble/domain/functionPath";
import type { api } from "../../../lib/api";

export type Employment = ReturnsOf<typeof api.employment.me>;
export type OwnEmployment = Extract<Employment, { stores: unknown }>;
export type OwnEntry = ReturnsOf<typeof api.timeclock.entries>[number];
