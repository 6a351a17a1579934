import { sql, type Kysely } from "kysely";
import { isBuiltInThemeName, type ThemeConfig } from "@tumble/domain/themeConfig";
import { themeRefusal } from "@tumble/domain/themeRefusals";
import type { DB } from "../db/schema.ts";
import { audit } from "../runtime/audit.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";

// The theme editor's writes (issue 20, docs/decisions/0044-theme-editor.md). Themes are
// platform-wide rows: every change is audited with no company. Built-in themes are read-only
// here; a system admin duplicates one and edits the copy.

export interface ThemeDraft {
  name: string;
  description: string | null;
  config: ThemeConfig;
}

type Who = { actorId: string };

async function refuseTakenName(db: Kysely<DB>, name: string, exceptId: string | null): Promise<void> {
  let query = db
    .selectFrom("themes")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()));
  if (exceptId) query = query.where("id", "<>", exceptId);
  if ((await query.executeTakeFirst()) || isBuiltInThemeName(name)) throw refused(themeRefusal("nameTaken", { name }));
}

/** A new theme (also how a theme, built-in or not, is duplicated). */
export async function createTheme(db: Kysely<DB>, who: Who, draft: ThemeDraft): Promise<{ themeId: string; name: string }> {
  await refuseTakenName(db, draft.name, null);
  const id = newId();
  await db
    .insertInto("themes")
    .values({ id, name: draft.name, description: draft.description, config: JSON.stringify(draft.config), isDefault: false })
    .execute();
  await audit(db, { companyId: null, actorId: who.actorId, action: "create", entity: "theme", entityId: id, after: draft });
  return { themeId: id, name: draft.name };
}

/** Overwrites a theme a system admin made; built-in ones are refused. */
export async function updateTheme(db: Kysely<DB>, who: Who, themeId: string, draft: ThemeDraft): Promise<{ themeId: string; name: string }> {
  const before = await db.selectFrom("themes").select(["id", "name", "description", "config"]).where("id", "=", themeId).forUpdate().executeTakeFirst();
  if (!before) throw refused(themeRefusal("notFound"));
  if (isBuiltInThemeName(before.name)) throw refused(themeRefusal("builtIn"));
  await refuseTakenName(db, draft.name, themeId);
  await db
    .updateTable("themes")
    .set({ name: draft.name, description: draft.description, config: JSON.stringify(draft.config) })
    .where("id", "=", themeId)
    .execute();
  await audit(db, {
    companyId: null,
    actorId: who.actorId,
    action: "update",
    entity: "theme",
    entityId: themeId,
    before: { name: before.name, description: before.description, config: before.config },
    after: draft,
  });
  return { themeId, name: draft.name };
}

/** Makes the theme the platform's: the one everyone without a theme of their own sees. */
export async function setPlatformTheme(db: Kysely<DB>, who: Who, themeId: string): Promise<{ themeId: string; name: string }> {
  const theme = await db.selectFrom("themes").select(["id", "name"]).where("id", "=", themeId).executeTakeFirst();
  if (!theme) throw refused(themeRefusal("notFound"));
  const previous = await db.selectFrom("themes").select("id").where("isDefault", "=", true).forUpdate().execute();
  // One statement flips every row, so there is exactly one default whatever ran before.
  await db
    .updateTable("themes")
    .set({ isDefault: sql<boolean>`id = ${themeId}` })
    .execute();
  await audit(db, {
    companyId: null,
    actorId: who.actorId,
    action: "setActive",
    entity: "theme",
    entityId: themeId,
    before: { activeThemeIds: previous.map((p) => p.id) },
    after: { activeThemeId: themeId },
  });
  return { themeId: theme.id, name: theme.name };
}
