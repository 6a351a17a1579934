import { ProfilesScreen } from "../profiles/ProfilesScreen";

/** /employee-management/profiles: employees, self-registrations waiting, profiles with stores, rates and PIN. */
export default function ProfilesRoute() {
  return <ProfilesScreen />;
}
