import type { DefaultTimestamp, Json } from "./columnTypes.ts";

// Company settings by section (migration 0023). Merged into DB in schema.ts.

export interface CompanySettingsTable {
  companyId: string;
  section: string;
  values: Json<unknown>;
  updatedBy: string | null;
  updatedAt: DefaultTimestamp;
}

export interface CompanySettingsTables {
  companySettings: CompanySettingsTable;
}
