import { sql } from "kysely";
import type { AttentionContributor } from "../runtime/attention.ts";
import { lineBooked } from "../reconciliation/bankEntries.ts";

// Bank statement lines matched to no deposit and booked as nothing (the reconciliation screen's
// "unmatched" view), for those who reconcile.
export const attention: AttentionContributor[] = [
  {
    key: "unmatchedBankLines",
    link: "laundromat/reconciliation",
    count: (eb, { companyId, permissions }) =>
      companyId && permissions.isAdmin
        ? eb
            .selectFrom("bankLines as l")
            .select(eb.fn.countAll().as("n"))
            .where("l.companyId", "=", companyId)
            .where(
              sql<boolean>`not exists (select 1 from bank_line_matches m where m.company_id = l.company_id and m.bank_line_id = l.id) and not ${lineBooked}`,
            )
        : null,
  },
];
