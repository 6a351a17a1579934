import { CashDashboardScreen } from "../cash/CashDashboardScreen";

/** /laundromat/cash-dashboard: balances, approvals in place, deposits in transit, collections, count variances. */
export default function CashDashboardRoute() {
  return <CashDashboardScreen />;
}
