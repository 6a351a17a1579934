import { refusalTable } from "./refusals.ts";

// What applying, saving and activating a theme refuse, in English (what the server sends) and
// Spanish, with codes "themes.<key>" (refusals.ts).

const THEME_TABLE = refusalTable("themes", {
  notFound: { en: "Theme not found", es: "Este tema ya no existe" },
  builtIn: {
    en: "Built-in themes cannot be changed; duplicate it and edit the copy",
    es: "Los temas integrados no se pueden cambiar. Duplícalo y edita la copia.",
  },
  nameTaken: {
    en: ({ name }: { name: string }) => `A theme named "${name}" already exists`,
    es: ({ name }: { name: string }) => `Ya existe un tema llamado "${name}"`,
  },
  /** The database's answer to two saves racing to one name (server/src/constraints/themes.ts), found by its English. */
  nameExists: { en: "A theme with this name already exists", es: "Ya existe un tema con ese nombre" },
});

export const THEME_REFUSAL_TEXTS = THEME_TABLE.texts;
/** A refusal for the server to throw, with its code ("themes.<key>"). */
export const themeRefusal = THEME_TABLE.refusal;
