import type { ReturnsOf } from "@tumble/domain/functionPath";
import type { api } from "../../../lib/api";

/** One import as imports:get gives it: status, live progress, counts and the rows' errors. */
export type ImportDetail = ReturnsOf<typeof api.imports.get>;
/** One line of the history (imports:list). */
export type ImportSummary = ReturnsOf<typeof api.imports.list>[number];
export type ImportRowErrorShown = ImportDetail["errors"][number];
