import type { ReturnsOf } from "@tumble/domain/functionPath";
import type { api } from "../../../lib/api";

/** A store as geoZones:list gives it, with its zone or null. */
export type ZoneStore = ReturnsOf<typeof api.geoZones.list>[number];
