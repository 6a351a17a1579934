import { PayrollDashboard } from "../dashboard/PayrollDashboard";

/** /payroll/dashboard: the current and previous pay periods, their warnings and what to do next. */
export default function PayrollDashboardRoute() {
  return <PayrollDashboard />;
}
