import type { TFunction } from "i18next";
import { defaultAccountNameKey } from "@tumble/domain/cashLedger";

/**
 * An account's name as the reader sees it: the name the ledger gave it, in the reader's language,
 * while it still carries that default; a name a person typed (added or renamed), as typed.
 */
export function accountName(t: TFunction<"cash">, account: { kind: string; name: string }): string {
  const key = defaultAccountNameKey(account.kind, account.name);
  return key ? t(`defaultAccountNames.${key}`) : account.name;
}
