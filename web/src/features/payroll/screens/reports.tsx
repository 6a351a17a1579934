import { PayrollReportsScreen } from "../reports/PayrollReportsScreen";

/** /payroll/reports: labour cost by store, workweek and position, the overtime trend and labour as a share of collections. */
export default function PayrollReportsRoute() {
  return <PayrollReportsScreen />;
}
