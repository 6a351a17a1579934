import { PayrollEmployees } from "../employees/PayrollEmployees";

/** /payroll/employees: each employee's pay type, rate history, overtime rule and stores, with this period's figures. */
export default function PayrollEmployeesRoute() {
  return <PayrollEmployees />;
}
