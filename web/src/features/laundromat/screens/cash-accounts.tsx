import { CashAccountsScreen } from "../cash/CashAccountsScreen";

/** /laundromat/cash-accounts: balances, ledgers with running balance, new transactions and their decisions. */
export default function CashAccountsRoute() {
  return <CashAccountsScreen />;
}
