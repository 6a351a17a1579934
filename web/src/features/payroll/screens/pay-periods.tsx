import { PayPeriodsScreen } from "../periods/PayPeriodsScreen";

/** /payroll/pay-periods: pay periods, a period by employee down to days and entries, lock, reopen, paid, statements and the provider file. */
export default function PayPeriodsRoute() {
  return <PayPeriodsScreen />;
}
