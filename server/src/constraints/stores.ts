// A module's constraint messages: runtime/constraintErrors.ts reads every file of this folder, so a
// module names the constraints its migrations create in a file of its own (docs/adding-a-module.md).
export const constraintMessages: Record<string, string> = {
  machines_company_store_label: "A machine with this label already exists in this store",
  stores_company_name: "A store with this name already exists",
  store_sections_company_store_position: "Another section was added to this store at the same time; try again",
};
