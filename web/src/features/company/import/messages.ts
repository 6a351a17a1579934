import type { TFunction } from "i18next";
import type { ImportDetail, ImportRowErrorShown, ImportSummary } from "./types";

// The server's texts in the screen's language: a row's reason from its code (the detail after the
// colon — a name, a line number — kept as it is), and the known reasons an import failed.

export function reasonText(error: ImportRowErrorShown, t: TFunction<"imports">): string {
  const colon = error.message.indexOf(": ");
  const detail = colon >= 0 ? error.message.slice(colon + 2) : "";
  const reason = t(`errors.${error.code}`, { defaultValue: error.message });
  return detail ? `${reason}: ${detail}` : reason;
}

export function failureText(run: ImportDetail | ImportSummary, t: TFunction<"imports">): string | null {
  if (run.status !== "failed") return null;
  const reason = run.failureReason ?? "";
  if (reason.startsWith("The server restarted")) return t("restarted");
  if (reason.startsWith("Nothing was written")) return t("nothingWritten", { count: run.counts.failed });
  return reason || null;
}
