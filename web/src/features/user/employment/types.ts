import type { ReturnsOf } from "@tumble/domain/functionPath";
import type { api } from "../../../lib/api";

export type Employment = ReturnsOf<typeof api.employment.me>;
export type OwnEmployment = Extract<Employment, { stores: unknown }>;
/** The link request of someone not linked yet: waiting for a code or a manager, or declined. */
export type LinkRequest = NonNullable<Extract<Employment, { employee: null }>["linkRequest"]>;
export type OwnEntry = ReturnsOf<typeof api.timeclock.entries>[number];
