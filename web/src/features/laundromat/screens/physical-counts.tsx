import { PhysicalCountsScreen } from "../cash/PhysicalCountsScreen";

/** /laundromat/physical-counts: count a cash account by denomination, review counts, history. */
export default function PhysicalCountsRoute() {
  return <PhysicalCountsScreen />;
}
