// Issue 34: what someone without a company should do next, shown at the top of the home. A guest
// cannot join (the server refuses), so they are told to create an account; a system admin's work
// is in the system console; anyone else joins a company by its code or by name, and sees the
// requests still waiting for an answer. Anyone with a membership has no next step here.

export type NextStep = "guest" | "systemConsole" | "join";

export interface NextStepInput {
  /** undefined while loading, null when signed out. */
  user: { isAnonymous: boolean } | null | undefined;
  /** undefined while loading. */
  memberships: readonly unknown[] | undefined;
  isSystemAdmin: boolean | undefined;
}

/** null while anything it depends on is loading, so the home does not flash a step it then removes. */
export function nextStepFor({ user, memberships, isSystemAdmin }: NextStepInput): NextStep | null {
  if (!user) return null;
  if (user.isAnonymous) return "guest";
  if (memberships === undefined || memberships.length > 0 || isSystemAdmin === undefined) return null;
  return isSystemAdmin ? "systemConsole" : "join";
}

export interface JoinRequestLike {
  status: string;
  requestedAt: number;
}

/** The requests still waiting for a company's answer, oldest first (the first asked is answered first). */
export function waitingRequests<R extends JoinRequestLike>(requests: readonly R[] | undefined): R[] {
  return (requests ?? []).filter((r) => r.status === "PENDING").sort((a, b) => a.requestedAt - b.requestedAt);
}
