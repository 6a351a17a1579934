import { describe, expect, it } from "vitest";
import { nextStepFor, waitingRequests } from "./nextSteps";

const member = [{ companyId: "c1" }];

describe("the home's next step", () => {
  it("tells a guest to create an account, whatever else is known", () => {
    expect(nextStepFor({ user: { isAnonymous: true }, memberships: undefined, isSystemAdmin: undefined })).toBe("guest");
    expect(nextStepFor({ user: { isAnonymous: true }, memberships: [], isSystemAdmin: false })).toBe("guest");
  });

  it("sends a system admin without a company to the console, and anyone else to the join step", () => {
    expect(nextStepFor({ user: { isAnonymous: false }, memberships: [], isSystemAdmin: true })).toBe("systemConsole");
    expect(nextStepFor({ user: { isAnonymous: false }, memberships: [], isSystemAdmin: false })).toBe("join");
  });

  it("has none for a member, system admin or not", () => {
    expect(nextStepFor({ user: { isAnonymous: false }, memberships: member, isSystemAdmin: false })).toBeNull();
    expect(nextStepFor({ user: { isAnonymous: false }, memberships: member, isSystemAdmin: true })).toBeNull();
  });

  it("waits for the user, the memberships and the role before choosing", () => {
    expect(nextStepFor({ user: undefined, memberships: [], isSystemAdmin: false })).toBeNull();
    expect(nextStepFor({ user: null, memberships: [], isSystemAdmin: false })).toBeNull();
    expect(nextStepFor({ user: { isAnonymous: false }, memberships: undefined, isSystemAdmin: false })).toBeNull();
    expect(nextStepFor({ user: { isAnonymous: false }, memberships: [], isSystemAdmin: undefined })).toBeNull();
  });
});

describe("the requests waiting for an answer", () => {
  it("keeps only pending ones, oldest first", () => {
    const requests = [
      { id: "new", status: "PENDING", requestedAt: 300 },
      { id: "denied", status: "DENIED", requestedAt: 200 },
      { id: "cancelled", status: "CANCELLED", requestedAt: 150 },
      { id: "old", status: "PENDING", requestedAt: 100 },
    ];
    expect(waitingRequests(requests).map((r) => r.id)).toEqual(["old", "new"]);
    // The caller's list is left as it was.
    expect(requests[0]!.id).toBe("new");
  });

  it("is empty while the requests load", () => {
    expect(waitingRequests(undefined)).toEqual([]);
  });
});
