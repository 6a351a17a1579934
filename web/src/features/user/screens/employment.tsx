import { EmploymentScreen } from "../employment/EmploymentScreen";

/** /user/employment: the member's own employee profile, phone punches inside their store's geo-zone, and this week's hours. */
export default function EmploymentRoute() {
  return <EmploymentScreen />;
}
