import { z } from "zod";

// The map on the geo-zone form (docs/decisions/0030-geo-zones.md): drawn only when the operator
// names a tile server, since tiles are a service of someone else's. From the environment, like all
// configuration; a wrong value stops start-up with one line naming the variable.
//
//   MAP_TILE_URL          https://tiles.example.com/{z}/{x}/{y}.png  (or a same-origin /path/{z}/{x}/{y}.png)
//   MAP_TILE_ATTRIBUTION  the credit the tile service asks for, shown on the map

export interface MapConfig {
  tileUrl: string;
  attribution: string;
}

export class MapConfigError extends Error {}

const TEMPLATE = /^(https:\/\/[^\s]+|\/[^\s]*)$/;

const schema = z.object({
  MAP_TILE_URL: z
    .string()
    .refine((v) => TEMPLATE.test(v), "must start with https:// or / (the page only loads images from there)")
    .refine((v) => ["{z}", "{x}", "{y}"].every((p) => v.includes(p)), "must contain {z}, {x} and {y}")
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().max(300, "must be at most 300 characters").optional(),
});

/** The map's tile server, or null when none is configured (then no map is shown). */
export function loadMapConfig(env: Record<string, string | undefined> = process.env): MapConfig | null {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([k, v]) => k.startsWith("MAP_TILE_") && v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new MapConfigError(`Invalid ${String(issue.path[0])}: ${issue.message}`);
  }
  if (!parsed.data.MAP_TILE_URL) return null;
  return { tileUrl: parsed.data.MAP_TILE_URL, attribution: parsed.data.MAP_TILE_ATTRIBUTION ?? "" };
}
