import type { ReturnsOf } from "@tumble/domain/functionPath";
import type { api } from "../../../lib/api";

export type EquipmentType = ReturnsOf<typeof api.equipmentConfig.getAllEquipmentTypes>[number];
export type Machine = ReturnsOf<typeof api.equipment.listMachines>[number];
export type Store = ReturnsOf<typeof api.stores.listAll>[number];
export type Section = ReturnsOf<typeof api.storeSections.listByStore>[number];
