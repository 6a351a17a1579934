import type { ReturnsOf } from "@tumble/domain/functionPath";
import type { api } from "../../../lib/api";

export type Store = ReturnsOf<typeof api.stores.listAll>[number];
export type Section = ReturnsOf<typeof api.storeSections.listByStore>[number];
