export const constraintMessages: Record<string, string> = {
  cash_accounts_company_store_kind: "This store already has an account of this kind",
  cash_accounts_company_ledger: "This company already has this account",
  cash_transactions_one_reversal: "This transaction has already been reversed",
  cash_transactions_one_posting: "This collection is already posted to the safe",
  physical_counts_one_open: "This account already has a count in progress",
  cash_entries_balanced: "A journal entry must balance: its lines sum to zero",
};
