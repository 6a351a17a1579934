import type { Generated } from "kysely";
import type { DefaultTimestamp, Json } from "./columnTypes.ts";

// Themes and each user's preferences. Merged into DB in schema.ts.

export interface ThemesTable {
  id: string;
  name: string;
  description: string | null;
  config: Json<unknown>;
  isDefault: Generated<boolean>;
  createdAt: DefaultTimestamp;
}

export interface UserThemePreferencesTable {
  userId: string;
  themeId: string;
  updatedAt: DefaultTimestamp;
}

export interface UserPreferencesTable {
  userId: string;
  preferences: Json<unknown>;
  updatedAt: DefaultTimestamp;
}

export interface PreferencesTables {
  themes: ThemesTable;
  userThemePreferences: UserThemePreferencesTable;
  userPreferences: UserPreferencesTable;
}
