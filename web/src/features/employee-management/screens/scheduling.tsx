import { SchedulingScreen } from "../scheduling/SchedulingScreen";

/** /employee-management/scheduling: a store's week grid or day timeline, conflicts, labour forecast and publishing. */
export default function SchedulingRoute() {
  return <SchedulingScreen />;
}
