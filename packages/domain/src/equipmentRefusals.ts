import { refusalTable } from "./refusals.ts";

// What machines, equipment types and store sections refuse, in English (what the server sends) and
// Spanish, with codes "equipment.<key>" (refusals.ts).

const EQUIPMENT_TABLE = refusalTable("equipment", {
  storeNotFound: { en: "Store not found", es: "No se encontró la tienda" },
  sectionNotFound: { en: "Section not found", es: "No se encontró la sección" },
  sectionOfAnotherStore: { en: "The section belongs to another store", es: "La sección pertenece a otra tienda" },
  typeNotFound: { en: "Equipment type not found", es: "No se encontró el tipo de equipo" },
  labelTaken: {
    en: ({ label }: { label: string }) => `Machine ${label} already exists in this store`,
    es: ({ label }: { label: string }) => `La máquina ${label} ya existe en esta tienda`,
  },
  machineNotFound: { en: "Machine not found", es: "No se encontró la máquina" },
  machineHasCollections: {
    en: "This machine has collections; deactivate it instead",
    es: "Esta máquina tiene recolecciones; desactívala en su lugar",
  },
  typeInUse: { en: "Machines use this equipment type; change them first", es: "Hay máquinas que usan este tipo de equipo; cámbialas primero" },
  sectionOrderIncomplete: {
    en: "The new order must list every section of the store exactly once",
    es: "El nuevo orden debe incluir cada sección de la tienda exactamente una vez",
  },
  sectionHasMachines: { en: "Move or remove this section's machines first", es: "Mueve o quita primero las máquinas de esta sección" },
});

export const EQUIPMENT_REFUSAL_TEXTS = EQUIPMENT_TABLE.texts;
/** A refusal for the server to throw, with its code ("equipment.<key>"). */
export const equipmentRefusal = EQUIPMENT_TABLE.refusal;
