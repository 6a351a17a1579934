import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "@tumble/domain/businessDate";
import { refusalText } from "@tumble/domain/refusals";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";
import { SyncClient } from "./support/syncClient.ts";

let server: TestServer;
let staff: Client;
let supervisor: Client;
let admin: Client;
let store: { _id: string; name: string };
let otherStore: { _id: string };
let machines: Array<{ _id: string; label: string; sectionName: string; cashRules: { specialCase: string | null } }>;
// Dates as the seeded stores (America/Chicago) see them; the seed collects on Mondays and Thursdays.
const today = todayIn("America/Chicago");
const daysAgo = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
/** The n-th most recent past day without a seeded visit. */
const freeDay = (n: number) => {
  const days = Array.from({ length: 40 }, (_, i) => daysAgo(i + 1)).filter((d) => ![1, 4].includes(new Date(`${d}T00:00:00Z`).getUTCDay()));
  return days[n];
};

beforeAll(async () => {
  server = await startTestServer();
  [staff, supervisor, admin] = await Promise.all(["staff@demo.test", "supervisor@demo.test", "admin@demo.test"].map((e) => new Client(server.url).signIn(e)));
  const stores = await staff.query<Array<{ _id: string; name: string; isActive: boolean }>>("stores:listAll");
  store = stores[0];
  otherStore = stores[1];
  machines = await staff.query("equipment:listMachines", { storeId: store._id });
});
afterAll(() => server?.stop());

const line = (i: number, coinsCents: number, billsCents = 0) => ({ machineId: machines[i]._id, coinsCents, billsCents });

type Detail = {
  status: string;
  totalCents: number;
  rejectionReason: string | null;
  lines: Array<{ label: string; amountCents: number; expectedCents: number | null; isLow: boolean; isChanger: boolean }>;
  adjustments: Array<{ totalCents: number; adjustmentReason: string }>;
  warnings: unknown[];
};

describe("collection lifecycle", () => {
  it("draft → submit → reject → correct → resubmit → verify → adjust, posting to the safe", async () => {
    const changer = machines.findIndex((m) => m.cashRules.specialCase === "changer");
    const draft = await staff.mutation<{ collectionId: string; totalCents: number }>("collections:saveDraft", {
      storeId: store._id,
      businessDate: freeDay(0),
      lines: [line(0, 8000), line(1, 100), { ...line(changer, 20000, 45000), note: "refilled hopper" }],
    });
    // A changer line counts bills in minus coins out.
    expect(draft.totalCents).toBe(8000 + 100 + 25000);
    const { collectionId } = draft;
    const ownBefore = (await staff.query<unknown[]>("collections:listUserUnverifiedCollections")).length;
    await staff.mutation("collections:submit", { collectionId });
    expect((await staff.query<unknown[]>("collections:listUserUnverifiedCollections")).length).toBe(ownBefore + 1);

    expect(await failure(staff.mutation("collections:verify", { collectionId }))).toBe("You don't have permission to verify collections");
    const detail = await supervisor.query<Detail>("collections:get", { collectionId });
    expect(detail.lines.map((l) => l.label)).toEqual(["W1", "W2", "C7"]);
    // W2's $1.00 is far under its history: flagged with the expected figure beside it.
    expect(detail.lines[1]).toMatchObject({ amountCents: 100, isLow: true });
    expect(detail.lines[1].expectedCents).toBeGreaterThan(5000);
    expect(detail.lines[0].isLow).toBe(false);

    expect(await failure(supervisor.mutation("collections:reject", { collectionId, reason: " " }))).toBe(
      'Invalid argument "reason": Give a reason for the rejection',
    );
    await supervisor.mutation("collections:reject", { collectionId, reason: "W2 looks wrong" });
    expect(await staff.query<Detail>("collections:get", { collectionId })).toMatchObject({ status: "rejected", rejectionReason: "W2 looks wrong" });
    expect(await failure(supervisor.mutation("collections:verify", { collectionId }))).toBe(
      "Only a submitted collection can be reviewed; this one is rejected",
    );
    // The review screen says it in the reader's language by this code (decision 0067).
    const notSubmitted = await failureOf(supervisor.mutation("collections:verify", { collectionId }));
    expect(notSubmitted.data).toEqual({ code: "collections.notSubmitted", params: { status: "rejected" } });
    expect(refusalText(notSubmitted.data, "es")).toBe("Solo se puede revisar una recolección enviada; esta está rechazada");

    await staff.mutation("collections:saveDraft", {
      collectionId,
      storeId: store._id,
      businessDate: freeDay(0),
      lines: [line(0, 8000), line(1, 9100), line(changer, 20000, 45000)],
    });
    await staff.mutation("collections:submit", { collectionId });
    await supervisor.mutation("collections:verify", { collectionId });
    expect(await failure(staff.mutation("collections:saveDraft", { collectionId, storeId: store._id, businessDate: freeDay(0), lines: [line(0, 1)] }))).toBe(
      "A verified collection cannot be changed",
    );

    const safe = async () => {
      const rows = await server.database.db
        .selectFrom("cashEntries as e")
        .innerJoin("cashTransactions as t", "t.id", "e.transactionId")
        .innerJoin("cashAccounts as a", "a.id", "e.accountId")
        .innerJoin("collections as c", "c.id", "t.collectionId")
        .select(["e.amountCents", "a.kind", "a.storeId", "t.status"])
        .where((eb) => eb.or([eb("c.id", "=", collectionId), eb("c.adjustsCollectionId", "=", collectionId)]))
        .orderBy("t.createdAt")
        .orderBy("a.kind", "desc")
        .execute();
      // Each posting is an approved entry: into the store's safe, out of collections income for the
      // machines and out of cash over/short for the changer (its bills less coins are change, not income).
      expect(rows.every((r) => r.status === "approved" && (r.kind !== "safe" || r.storeId === store._id))).toBe(true);
      expect(rows.reduce((sum, r) => sum + Number(r.amountCents), 0)).toBe(0);
      return rows.map((r) => [r.kind, Number(r.amountCents)]);
    };
    // W1 8000 + W2 9100 = 17100 income; C7 took 45000 in bills and paid 20000 out: +25000 over.
    expect(await safe()).toEqual([
      ["safe", 8000 + 9100 + 25000],
      ["collections_income", -17100],
      ["cash_over_short", -25000],
    ]);

    expect(await failure(supervisor.mutation("collections:adjust", { collectionId, reason: "recount", lines: [line(0, 7500)] }))).toBe(
      "You don't have permission to administrator access",
    );
    const { deltaCents } = await admin.mutation<{ deltaCents: number }>("collections:adjust", { collectionId, reason: "Recounted W1", lines: [line(0, 7500)] });
    expect(deltaCents).toBe(-500);
    expect(await failure(admin.mutation("collections:adjust", { collectionId, reason: "again", lines: [line(0, 7500)] }))).toBe(
      "These figures are what the collection already records",
    );
    const unchanged = await failureOf(admin.mutation("collections:adjust", { collectionId, reason: "again", lines: [line(0, 7500)] }));
    expect(unchanged.data).toEqual({ code: "collections.nothingToAdjust", params: {} });
    expect(refusalText(unchanged.data, "es")).toBe("Estas cifras son las que la recolección ya registra");
    const after = await admin.query<Detail>("collections:get", { collectionId });
    expect(after).toMatchObject({ status: "verified", totalCents: 42100, adjustments: [{ totalCents: -500, adjustmentReason: "Recounted W1" }] });
    expect(await safe()).toEqual([
      ["safe", 42100],
      ["collections_income", -17100],
      ["cash_over_short", -25000],
      ["safe", -500],
      ["collections_income", 500],
    ]);
    const audit = await server.database.db.selectFrom("auditLog").select("action").where("entityId", "=", collectionId).orderBy("at").execute();
    expect(audit.map((a) => a.action)).toEqual(["submit", "reject", "submit", "verify", "adjust"]);
  });

  it("keeps anyone from verifying their own collection", async () => {
    const { collectionId } = await supervisor.mutation<{ collectionId: string }>("collections:saveDraft", {
      storeId: store._id,
      businessDate: freeDay(1),
      lines: [line(3, 5000)],
    });
    await supervisor.mutation("collections:submit", { collectionId });
    expect(await failure(supervisor.mutation("collections:verify", { collectionId }))).toBe("You cannot verify your own collection");
    expect(await failure(supervisor.mutation("collections:reject", { collectionId, reason: "mine" }))).toBe("You cannot verify your own collection");
    const own = await failureOf(supervisor.mutation("collections:verify", { collectionId }));
    expect(own.data).toEqual({ code: "collections.ownCollection", params: {} });
  });

  it("warns about a machine already collected on the same business date", async () => {
    const first = await staff.mutation<{ collectionId: string; warnings: unknown[] }>("collections:saveDraft", {
      storeId: store._id,
      businessDate: freeDay(2),
      lines: [line(4, 5000)],
    });
    expect(first.warnings).toEqual([]);
    const second = await admin.mutation<{ warnings: Array<{ label: string; otherCollectionId: string }> }>("collections:saveDraft", {
      storeId: store._id,
      businessDate: freeDay(2),
      lines: [line(4, 5000), line(5, 10)],
    });
    expect(second.warnings).toEqual([{ machineId: machines[4]._id, label: machines[4].label, otherCollectionId: first.collectionId, otherStatus: "draft" }]);
  });

  it("shows on the cash dashboard what is verified and, beside it, what is submitted and not yet verified", async () => {
    const day = freeDay(6);
    const dashboard = async () => {
      const d = await admin.query<{ collectionsCents: number; submittedCollectionsCents: number }>("cashDashboard:get", {
        storeId: store._id,
        fromDate: day,
        toDate: day,
      });
      return { collectionsCents: d.collectionsCents, submittedCollectionsCents: d.submittedCollectionsCents };
    };
    const before = await dashboard();
    const { collectionId } = await staff.mutation<{ collectionId: string }>("collections:saveDraft", {
      storeId: store._id,
      businessDate: day,
      lines: [line(7, 12_345)],
    });
    expect(await dashboard()).toEqual(before);
    await staff.mutation("collections:submit", { collectionId });
    expect(await dashboard()).toEqual({ ...before, submittedCollectionsCents: before.submittedCollectionsCents + 12_345 });
    await supervisor.mutation("collections:verify", { collectionId });
    expect(await dashboard()).toEqual({ ...before, collectionsCents: before.collectionsCents + 12_345 });
  });

  it("verifies a second collection of a machine on one date only with a reason, which stays on the record", async () => {
    const day = freeDay(3);
    const submitted = async (client: Client, cents: number) => {
      const { collectionId } = await client.mutation<{ collectionId: string }>("collections:saveDraft", {
        storeId: store._id,
        businessDate: day,
        lines: [line(6, cents)],
      });
      await client.mutation("collections:submit", { collectionId });
      return collectionId;
    };
    const first = await submitted(staff, 31_825);
    await supervisor.mutation("collections:verify", { collectionId: first });
    // The same visit entered again (a retried submit): $318.25 would go into the safe twice.
    const second = await submitted(staff, 31_825);
    const safeLines = () =>
      server.database.db
        .selectFrom("cashTransactions")
        .select("id")
        .where("collectionId", "in", [first, second])
        .execute()
        .then((r) => r.length);
    expect(await failure(supervisor.mutation("collections:verify", { collectionId: second }))).toBe(
      `${machines[6].label} was already collected on ${day}: give a reason to verify a second collection`,
    );
    const repeated = await failureOf(supervisor.mutation("collections:verify", { collectionId: second }));
    expect(repeated.data).toEqual({ code: "collections.duplicateNeedsReason", params: { labels: machines[6].label, count: 1, businessDate: day } });
    expect(refusalText(repeated.data, "es")).toBe(`${machines[6].label} ya se recolectó el ${day}: indica un motivo para verificar una segunda recolección`);
    expect(await failure(supervisor.mutation("collections:verify", { collectionId: second, duplicateReason: "  " }))).toMatch(
      /^Invalid argument "duplicateReason"/,
    );
    expect(await safeLines()).toBe(1);
    await supervisor.mutation("collections:verify", { collectionId: second, duplicateReason: "Emptied again after the jam was cleared" });
    expect(await safeLines()).toBe(2);
    // Both verified records keep the flag; the second keeps its reason (and exports carry the column).
    const detail = await admin.query<{ status: string; warnings: Array<{ otherCollectionId: string }>; duplicateReason: string | null }>("collections:get", {
      collectionId: second,
    });
    expect(detail).toMatchObject({ status: "verified", warnings: [{ otherCollectionId: first }], duplicateReason: "Emptied again after the jam was cleared" });
    expect((await admin.query<{ warnings: Array<{ otherCollectionId: string }> }>("collections:get", { collectionId: first })).warnings).toMatchObject([
      { otherCollectionId: second },
    ]);
  });

  it("needs a second verifier for a second collection above the company's amount", async () => {
    const day = freeDay(4);
    const submitted = async (cents: number) => {
      const { collectionId } = await staff.mutation<{ collectionId: string }>("collections:saveDraft", {
        storeId: store._id,
        businessDate: day,
        lines: [line(0, cents)],
      });
      await staff.mutation("collections:submit", { collectionId });
      return collectionId;
    };
    const postings = (collectionId: string) =>
      server.database.db
        .selectFrom("cashTransactions")
        .select("id")
        .where("collectionId", "=", collectionId)
        .execute()
        .then((r) => r.length);
    await admin.mutation("cashSettings:update", { duplicateApprovalCents: 10_000 });
    try {
      await supervisor.mutation("collections:verify", { collectionId: await submitted(25_000) });
      // $250.00 again, above the $100.00 limit: the supervisor's reason is a first approval, nothing is posted.
      const big = await submitted(25_000);
      expect(await supervisor.mutation("collections:verify", { collectionId: big, duplicateReason: "Second run after the float" })).toEqual({
        status: "awaitingSecondVerifier",
      });
      expect(await postings(big)).toBe(0);
      const secondVerifier = await failureOf(supervisor.mutation("collections:verify", { collectionId: big }));
      expect(secondVerifier.message).toBe("You gave the first approval of this second collection: another verifier must complete it");
      expect(secondVerifier.data).toEqual({ code: "collections.secondVerifierNeeded", params: {} });
      expect(await supervisor.query("collections:get", { collectionId: big })).toMatchObject({
        status: "submitted",
        duplicateReason: "Second run after the float",
        duplicateApprovedByName: expect.any(String),
      });
      // Another verifier completes it with the first one's reason; it posts once.
      expect(await admin.mutation("collections:verify", { collectionId: big })).toEqual({ status: "verified" });
      expect(await postings(big)).toBe(1);
      expect(await admin.query("collections:get", { collectionId: big })).toMatchObject({
        status: "verified",
        duplicateReason: "Second run after the float",
        duplicateApprovedByName: null,
      });
      const csv = await admin.query<string>("collections:exportCsv", { fromDate: day, toDate: day, status: "verified" });
      expect(csv.split("\n")[0]).toContain("Second collection of the day: reason");
      expect(csv).toContain("Second run after the float");

      // A first approval does not survive a rejection: resubmitted, it needs a reason again.
      const again = await submitted(30_000);
      await supervisor.mutation("collections:verify", { collectionId: again, duplicateReason: "Third visit" });
      await admin.mutation("collections:reject", { collectionId: again, reason: "Entered twice" });
      await staff.mutation("collections:saveDraft", { collectionId: again, storeId: store._id, businessDate: day, lines: [line(0, 30_000)] });
      await staff.mutation("collections:submit", { collectionId: again });
      expect(await failure(admin.mutation("collections:verify", { collectionId: again }))).toMatch(/give a reason to verify a second collection$/);
      // At or under the limit one verifier's reason is enough.
      const small = await submitted(10_000);
      expect(await supervisor.mutation("collections:verify", { collectionId: small, duplicateReason: "Small top-up" })).toEqual({ status: "verified" });
    } finally {
      await admin.mutation("cashSettings:update", { duplicateApprovalCents: null });
    }
  });

  it("lets collectors and admins delete drafts, nothing else", async () => {
    const { collectionId } = await staff.mutation<{ collectionId: string }>("collections:saveDraft", {
      storeId: store._id,
      businessDate: freeDay(3),
      lines: [line(6, 100)],
    });
    expect(await failure(supervisor.mutation("collections:deleteDraft", { collectionId }))).toBe(
      "Only the collector or an administrator can delete this draft",
    );
    expect(await failure(supervisor.query("collections:get", { collectionId }))).toBe("Collection not found");
    // Someone else's draft is private, except to admins, who clean drafts up.
    const listed = async (c: Client) =>
      (await c.query<Array<{ _id: string }>>("collections:list", { fromDate: freeDay(3), toDate: freeDay(3), status: "draft" })).map((r) => r._id);
    expect(await listed(supervisor)).not.toContain(collectionId);
    expect(await listed(admin)).toContain(collectionId);
    await admin.mutation("collections:deleteDraft", { collectionId });
    expect(await failure(staff.query("collections:get", { collectionId }))).toBe("Collection not found");
    expect((await failureOf(staff.query("collections:get", { collectionId }))).data).toEqual({ code: "collections.collectionNotFound", params: {} });
    const verified = (await staff.query<Array<{ _id: string }>>("collections:list", { fromDate: daysAgo(30), toDate: today, status: "verified" }))[0];
    expect(await failure(admin.mutation("collections:deleteDraft", { collectionId: verified._id }))).toBe("Only drafts can be deleted");
    const notDraft = await failureOf(admin.mutation("collections:deleteDraft", { collectionId: verified._id }));
    // The screens say it in the reader's language by this code (decision 0067).
    expect(notDraft.data).toEqual({ code: "collections.onlyDraftsDeleted", params: {} });
    expect(refusalText(notDraft.data, "es")).toBe("Solo se pueden eliminar borradores");
  });
});

describe("guards against bad input", () => {
  it.each([
    [{ lines: [{ coinsCents: -1 }] }, 'Invalid argument "lines.0.coinsCents": Amounts cannot be negative'],
    [{ lines: [{ coinsCents: 12.5 }] }, 'Invalid argument "lines.0.coinsCents": Amounts are whole cents'],
    [{ lines: [{ billsCents: 5_000_001 }] }, /^Invalid argument "lines.0.billsCents"/],
    [{ businessDate: "2099-01-01" }, "The business date 2099-01-01 is in the future for this store"],
    [{ businessDate: "2025-02-30" }, 'Invalid argument "businessDate": Not a real calendar date'],
    [{ businessDate: "01/02/2026" }, 'Invalid argument "businessDate": Use the yyyy-MM-dd format'],
    [{ businessDate: "2020-01-01" }, "The business date 2020-01-01 is more than a year ago"],
    [{ storeId: "q".repeat(32) }, "Store not found"],
  ])("refuses %j and changes nothing", async (override, message) => {
    const before = await server.database.db
      .selectFrom("collections")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const base = { storeId: store._id, businessDate: today, lines: [line(0, 100)] };
    const o = override as { lines?: Array<Record<string, number>> };
    const args = { ...base, ...override, lines: o.lines ? [{ ...line(0, 100), ...o.lines[0] }] : base.lines };
    const message_ = await failure(staff.mutation("collections:saveDraft", args));
    if (typeof message === "string") expect(message_).toBe(message);
    else expect(message_).toMatch(message);
    const after = await server.database.db
      .selectFrom("collections")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("refuses machines of another store and duplicate machines", async () => {
    const others = await staff.query<Array<{ _id: string; label: string }>>("equipment:listMachines", { storeId: otherStore._id });
    expect(
      await failure(
        staff.mutation("collections:saveDraft", {
          storeId: store._id,
          businessDate: today,
          lines: [{ machineId: others[0]._id, coinsCents: 1, billsCents: 0 }],
        }),
      ),
    ).toBe(`Machine ${others[0].label} belongs to another store`);
    const elsewhere = await failureOf(
      staff.mutation("collections:saveDraft", { storeId: store._id, businessDate: today, lines: [{ machineId: others[0]._id, coinsCents: 1, billsCents: 0 }] }),
    );
    expect(elsewhere.data).toEqual({ code: "collections.machineOfAnotherStore", params: { label: others[0].label } });
    expect(await failure(staff.mutation("collections:saveDraft", { storeId: store._id, businessDate: today, lines: [line(0, 1), line(0, 2)] }))).toBe(
      "A machine appears twice in this collection",
    );
    const inactive = (await staff.query<Array<{ _id: string; isActive: boolean }>>("stores:listAll")).find((s) => !s.isActive)!;
    expect(await failure(staff.mutation("collections:saveDraft", { storeId: inactive._id, businessDate: today, lines: [] }))).toBe("This store is inactive");
  });

  it("refuses to submit an empty draft", async () => {
    const { collectionId } = await staff.mutation<{ collectionId: string }>("collections:saveDraft", {
      storeId: store._id,
      businessDate: freeDay(4),
      lines: [],
    });
    expect(await failure(staff.mutation("collections:submit", { collectionId }))).toBe("Add at least one machine before submitting");
    const empty = await failureOf(staff.mutation("collections:submit", { collectionId }));
    expect(empty.data).toEqual({ code: "collections.noLines", params: {} });
  });
});

describe("lists, export and live badges", () => {
  it("lists a month of collections, filtered and sorted, and exports CSV only for reporters", async () => {
    const rows = await staff.query<Array<{ businessDate: string; storeName: string; totalCents: number; status: string; lineCount: number }>>(
      "collections:list",
      {
        fromDate: daysAgo(30),
        toDate: today,
        storeId: store._id,
        sortBy: "totalCents",
        sortDir: "asc",
      },
    );
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((r) => r.storeName === store.name)).toBe(true);
    expect(rows.map((r) => r.totalCents)).toEqual([...rows.map((r) => r.totalCents)].sort((a, b) => a - b));
    expect(await failure(staff.query("collections:list", { fromDate: today, toDate: daysAgo(1) }))).toBe("The from date is after the to date");
    // Without dates the list spans every date: the unverified badge's list is exactly what it counts.
    const counts = await supervisor.query<{ subTabs: Record<string, number> }>("navigation:getBadgeCounts");
    const unverified = await supervisor.query<Array<{ status: string }>>("collections:list", { status: "submitted" });
    expect(unverified.length).toBe(counts.subTabs["laundromat/collections-list"]);
    expect(unverified.every((r) => r.status === "submitted")).toBe(true);
    expect(await failure(staff.query("collections:exportCsv", { fromDate: daysAgo(30), toDate: today }))).toBe("You don't have permission to export reports");
    const csv = await supervisor.query<string>("collections:exportCsv", { fromDate: daysAgo(30), toDate: today, storeId: store._id });
    expect(csv.split("\n")[0]).toBe("Business date,Store,Collector,Status,Total (USD),Machines,Submitted at,Verified at,Second collection of the day: reason");
    expect(csv).toContain(`,${store.name},staff@demo.test,`);
  });

  it("updates the unverified badges live when a collection is submitted and verified", async () => {
    const socket = await SyncClient.connect(server.url, supervisor.token);
    const badges = socket.subscribe("navigation:getBadgeCounts");
    type Badges = { counts: { allUnverifiedCollections: number }; subTabs: Record<string, number> };
    const start = ((await badges.next(1)).value as Badges).counts.allUnverifiedCollections;
    const { collectionId } = await staff.mutation<{ collectionId: string }>("collections:saveDraft", {
      storeId: store._id,
      businessDate: freeDay(5),
      lines: [line(7, 4200)],
    });
    await staff.mutation("collections:submit", { collectionId });
    expect(((await badges.next(2)).value as Badges).subTabs["laundromat/collections-list"]).toBe(start + 1);
    await supervisor.mutation("collections:verify", { collectionId });
    expect(((await badges.next(3)).value as Badges).counts.allUnverifiedCollections).toBe(start);
    socket.close();
  });
});
