import { AnnouncementsScreen } from "../announcements/AnnouncementsScreen";

/** /user/announcements: what the company announced to the member, and for managers, writing them. */
export default function AnnouncementsRoute() {
  return <AnnouncementsScreen />;
}
