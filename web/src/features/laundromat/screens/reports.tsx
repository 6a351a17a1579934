import { ReportsScreen } from "../reports/ReportsScreen";

/** /laundromat/reports: revenue against the comparison period, machines, collector signals and coin-box cadence. */
export default function ReportsRoute() {
  return <ReportsScreen />;
}
