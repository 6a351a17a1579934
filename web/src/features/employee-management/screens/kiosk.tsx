import { KioskManagement } from "../timeClock/KioskManagement";

/** /employee-management/kiosk: this browser as a store's kiosk, the kiosks with last seen, who is on the clock. */
export default function KioskRoute() {
  return <KioskManagement />;
}
