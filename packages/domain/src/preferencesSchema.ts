import { z } from "zod";
import { PREFERENCE_RULES, type LayoutPreferences } from "./preferences.ts";

// The server's argument schema for a preferences update, built from the same rules the web uses.

const field = <K extends keyof LayoutPreferences>(key: K) =>
  z.custom<LayoutPreferences[K]>((value) => PREFERENCE_RULES[key](value), `Invalid value for ${key}`);

const shape = Object.fromEntries(Object.keys(PREFERENCE_RULES).map((key) => [key, field(key as keyof LayoutPreferences)])) as unknown as {
  [K in keyof LayoutPreferences]: z.ZodType<LayoutPreferences[K]>;
};

/** An update names only what changes. */
export const preferencesUpdateSchema = z.object(shape).partial().strict();
