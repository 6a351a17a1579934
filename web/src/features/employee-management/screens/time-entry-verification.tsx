import { VerificationQueue } from "../timeEntries/VerificationQueue";

/** /employee-management/time-entry-verification: each entry of a pay period beside its shift, approved, corrected or rejected. */
export default function TimeEntryVerificationRoute() {
  return <VerificationQueue />;
}
