import type { ReturnsOf } from "@tumble/domain/functionPath";
import type { api } from "../../../lib/api";

export type CollectionSummary = ReturnsOf<typeof api.collections.list>[number];
export type CollectionDetail = ReturnsOf<typeof api.collections.get>;
export type CollectionLine = CollectionDetail["lines"][number];
export type RecordMachine = ReturnsOf<typeof api.equipment.listMachines>[number];
export const STATUSES = ["draft", "submitted", "verified", "rejected"] as const;
export type CollectionStatus = (typeof STATUSES)[number];
export type SortBy = "businessDate" | "storeName" | "totalCents" | "status" | "collectorEmail";
export type SortDir = "asc" | "desc";

/** A bill changer takes bills in and pays coins out. */
export function isChangerMachine(m: Pick<RecordMachine, "cashRules" | "equipmentType">): boolean {
  return m.cashRules.specialCase === "changer" || m.equipmentType.category === "change";
}
