import { ReconciliationScreen } from "../reconciliation/ReconciliationScreen";

/** /laundromat/reconciliation: a store's periods reconciled and closed, their history, bank lines, the trace and the changers. */
export default function ReconciliationRoute() {
  return <ReconciliationScreen />;
}
