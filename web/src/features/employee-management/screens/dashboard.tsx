import { EmployeeDashboard } from "../dashboard/EmployeeDashboard";

/** /employee-management/dashboard: today per store, pending verifications and requests, this week's hours. */
export default function EmployeeDashboardRoute() {
  return <EmployeeDashboard />;
}
