import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOfBusinessDay, todayIn } from "@tumble/domain/businessDate";
import { addDays, calculationRange, nextPeriod, periodContaining, type DateRange } from "@tumble/domain/payPeriods";
import type { AdjustmentKind, PayLine, PayPeriodDetail, PayPeriodListItem } from "@tumble/domain/payroll";
import { addRate } from "../src/employees/profiles.ts";
import { AppError } from "../src/runtime/errors.ts";
import { calculate, loadAdjustments, loadPayrollData } from "../src/payroll/compute.ts";
import { CallError, Client, startTestServer, type TestServer } from "./support/testServer.ts";
import { insertWorkedEntry, unique } from "./support/workforce.ts";

// A paid period's figures never change, whatever is done afterwards (issue 30; decision 0053).
// Each run makes a company of its own, pays one week (P1) and then applies a random sequence of
// later changes through the real functions: corrections, approvals and rejections of time in the
// paid week and the next (P2), rates dated back into the paid week, adjustments in the open
// periods, and locking, reopening and paying P2. After every step:
// - every paid period's detail (payPeriods:get) is byte for byte what it was when it was paid, and
//   so is the text of each of its statements;
// - money is conserved: for each employee and paid period, what was paid for it then plus every
//   difference carried for it by later periods (frozen or computed now) equals the period
//   recomputed from scratch now, minutes and money alike;
// - once P2 is locked (or paid), P3 carries no difference that P2 already froze: nothing is paid twice.

const ZONE = "America/Chicago";
const H = 3_600_000;
const MIN = 60_000;
const SETTINGS = { payFrequency: "weekly", payAnchorDate: "2026-01-04", payrollStartsOn: null, workweekStart: "sunday", overtimePreset: "federal" } as const;

// Three weekly periods (Sunday to Saturday) well in the past, so every correction is of worked time.
const today = todayIn(ZONE);
const p1 = periodContaining(addDays(today, -35), SETTINGS);
const p2 = nextPeriod(p1, SETTINGS);
const p3 = nextPeriod(p2, SETTINGS);
const at = (date: string, hour: number) => startOfBusinessDay(date, ZONE) + hour * H;

let server: TestServer;
let sysadmin: Client;
// One owner for every run's company (sign-ups are rate-limited): each run switches to its own.
let owner: Client;
let ownerId: string;
const ownerEmail = `paid-owner-${unique()}@example.com`;
const db = () => server.database.db;
beforeAll(async () => {
  server = await startTestServer();
  sysadmin = await new Client(server.url).signIn("sysadmin@demo.test");
  await new Client(server.url).action("auth:signIn", { provider: "password", params: { email: ownerEmail, password: "payroll-pw-123", flow: "signUp" } });
  owner = await new Client(server.url).signIn(ownerEmail, "payroll-pw-123");
  ({ id: ownerId } = await db().selectFrom("users").select("id").where("email", "=", ownerEmail).executeTakeFirstOrThrow());
});
afterAll(() => server?.stop());

interface TestEntry {
  id: string;
  clockInAt: number;
  clockOutAt: number;
}

interface World {
  owner: Client;
  ownerId: string;
  companyId: string;
  employees: string[];
  entries: TestEntry[];
  ids: Record<"p1" | "p2" | "p3", string>;
}

/** A company with two hourly people, a week of time paid (P1) and time in the next week, some of it waiting. */
async function world(run: number): Promise<World> {
  const { companyId } = await sysadmin.mutation<{ companyId: string }>("systemAdmin:createCompany", { name: `Paid ${run} ${unique()}`, ownerEmail });
  await owner.mutation("companies:switchActiveCompany", { companyId });
  await owner.mutation("companySettings:update", { section: "workforce", values: SETTINGS });
  const { storeId } = await owner.mutation<{ storeId: string }>("stores:create", { name: `Paid ${unique()}`, address: "1 Paid St", timeZone: ZONE });
  const employees: string[] = [];
  for (const [name, rateCents] of [
    ["Ana", 1_500],
    ["Ben", 2_000],
  ] as const) {
    const { employeeId } = await owner.mutation<{ employeeId: string }>("employees:create", {
      ...{ name: `${name} Paid`, email: "", phone: "", position: "Attendant", hireDate: "2026-01-01", storeIds: [storeId] },
      ...{ payType: "hourly", rateCents, effectiveFrom: "2026-01-01", username: `paid${unique()}`, pin: "4821" },
    });
    employees.push(employeeId);
  }
  const [ana, ben] = employees;
  const entries: TestEntry[] = [];
  const work = async (employeeId: string, clockInAt: number, clockOutAt: number, breaks: Array<[number, number]> = []) => {
    const id = await insertWorkedEntry(db(), { companyId, employeeId, storeId, clockInAt, clockOutAt, zone: ZONE });
    if (breaks.length)
      await db()
        .updateTable("timeEntries")
        .set({
          breaks: JSON.stringify(breaks.map(([start, end]) => ({ start, end }))),
          breakMinutes: Math.round(breaks.reduce((s, [a, b]) => s + b - a, 0) / MIN),
        })
        .where("id", "=", id)
        .execute();
    entries.push({ id, clockInAt, clockOutAt });
    return id;
  };
  const day = (period: DateRange, i: number) => addDays(period.startsOn, i);
  // Ana: P1 Monday to Friday 07:00–16:00 (45 h: overtime), then Saturday 22:00 – Sunday 06:00 across the
  // end of the week and of the period, with a break punched at 02:00 on Sunday; Monday and Tuesday of P2.
  const approved: string[] = [];
  for (let i = 1; i <= 5; i++) approved.push(await work(ana, at(day(p1, i), 7), at(day(p1, i), 16)));
  approved.push(await work(ana, at(day(p1, 6), 22), at(day(p2, 0), 6), [[at(day(p2, 0), 2), at(day(p2, 0), 2.5)]]));
  for (let i = 1; i <= 2; i++) approved.push(await work(ana, at(day(p2, i), 7), at(day(p2, i), 15)));
  // Ben: P1 Monday to Thursday 8 h, Friday 8 h still waiting; Wednesday of P2 waiting.
  for (let i = 1; i <= 4; i++) approved.push(await work(ben, at(day(p1, i), 8), at(day(p1, i), 16)));
  await work(ben, at(day(p1, 5), 8), at(day(p1, 5), 16));
  await work(ben, at(day(p2, 3), 8), at(day(p2, 3), 16));
  await owner.mutation("timeEntries:approve", { entryIds: approved });

  const listed = await owner.query<PayPeriodListItem[]>("payPeriods:list", {});
  const idOf = (r: DateRange) => listed.find((p) => p.startsOn === r.startsOn)!.id;
  const ids = { p1: idOf(p1), p2: idOf(p2), p3: idOf(p3) };
  await owner.mutation("payPeriods:lock", { periodId: ids.p1, overrideReason: "Ben's Friday is checked next week" });
  await owner.mutation("payPeriods:markPaid", { periodId: ids.p1 });
  return { owner, ownerId, companyId, employees, entries, ids };
}

type Step =
  | { op: "correct"; pick: number; outMinutes: number; breakMinutes: number | null }
  | { op: "approve" | "reject"; pick: number }
  | { op: "rate"; who: number; day: number; rateCents: number }
  | { op: "adjust"; who: number; period: "p2" | "p3"; kind: AdjustmentKind; amountCents: number }
  | { op: "lock" | "reopen" | "pay" };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant("correct" as const),
      pick: fc.nat(),
      outMinutes: fc.constantFrom(-90, -30, 15, 60, 150),
      breakMinutes: fc.constantFrom(null, 0, 20, 45),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constantFrom("approve" as const, "reject" as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("rate" as const), who: fc.nat(1), day: fc.nat(6), rateCents: fc.integer({ min: 1_500, max: 3_500 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("adjust" as const),
      who: fc.nat(1),
      period: fc.constantFrom("p2" as const, "p3" as const),
      kind: fc.constantFrom<AdjustmentKind>("bonus", "commission", "discretionary_bonus", "reimbursement", "deduction"),
      amountCents: fc.integer({ min: 1, max: 50_000 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constantFrom("lock" as const, "reopen" as const, "pay" as const) }) },
);

/** Runs a change; a refusal (a locked period, an overlap, a rate date taken…) is an answer, not a failure. */
async function attempt(change: () => Promise<unknown>): Promise<boolean> {
  try {
    await change();
    return true;
  } catch (e) {
    if (e instanceof CallError || e instanceof AppError) return false;
    throw e;
  }
}

async function apply(w: World, step: Step): Promise<boolean> {
  const { owner } = w;
  switch (step.op) {
    case "correct": {
      const e = w.entries[step.pick % w.entries.length];
      return attempt(() =>
        owner.mutation("timeEntries:correct", {
          entryId: e.id,
          clockOut: e.clockOutAt + step.outMinutes * MIN,
          ...(step.breakMinutes === null ? {} : { breaks: step.breakMinutes }),
          reason: "Property step",
        }),
      );
    }
    case "approve":
      return attempt(() => owner.mutation("timeEntries:approve", { entryIds: [w.entries[step.pick % w.entries.length].id] }));
    case "reject":
      return attempt(() => owner.mutation("timeEntries:reject", { entryIds: [w.entries[step.pick % w.entries.length].id], reason: "Property step" }));
    case "rate":
      // A rate dated back into the paid week (the rate form only dates forward; an import or a later
      // tool may not): addRate with that day as its today.
      return attempt(() =>
        addRate(db(), {
          companyId: w.companyId,
          employeeId: w.employees[step.who],
          payType: "hourly",
          rateCents: step.rateCents,
          effectiveFrom: addDays(p1.startsOn, step.day),
          reason: "Property step",
          createdBy: w.ownerId,
          today: addDays(p1.startsOn, step.day),
        }),
      );
    case "adjust":
      return attempt(() =>
        owner.mutation("payroll:adjust", {
          periodId: w.ids[step.period],
          employeeId: w.employees[step.who],
          kind: step.kind,
          amountCents: step.amountCents,
          reason: "Property step",
        }),
      );
    case "lock":
      return attempt(() => owner.mutation("payPeriods:lock", { periodId: w.ids.p2, overrideReason: "Property step", confirmEarlierOpen: true }));
    case "reopen":
      return attempt(() => owner.mutation("payPeriods:reopen", { periodId: w.ids.p2, reason: "Property step" }));
    case "pay":
      return attempt(() => owner.mutation("payPeriods:markPaid", { periodId: w.ids.p2, confirmEarlierOpen: true }));
  }
}

type Detail = PayPeriodDetail & { version?: number | null };
const detailOf = (w: World, key: keyof World["ids"]) => w.owner.query<Detail>("payPeriods:get", { periodId: w.ids[key] });

/** The text of an employee's statement of a period (the PDF's own creation date is left aside). */
async function statementText(w: World, key: keyof World["ids"], employeeId: string): Promise<string> {
  const file = await w.owner.query<{ base64: string }>("payroll:statement", { periodId: w.ids[key], employeeId });
  const pdf = join(mkdtempSync(join(tmpdir(), "paid-")), "statement.pdf");
  writeFileSync(pdf, Buffer.from(file.base64, "base64"));
  return execFileSync("pdftotext", ["-layout", pdf, "-"]).toString();
}

interface Paid {
  key: "p1" | "p2";
  range: DateRange;
  json: string;
  lines: PayLine[];
  statements: Map<string, string>;
}

async function snapshot(w: World, key: "p1" | "p2", range: DateRange): Promise<Paid> {
  const detail = await detailOf(w, key);
  expect(detail.status).toBe("paid");
  const statements = new Map<string, string>();
  for (const line of detail.lines) statements.set(line.employeeId, await statementText(w, key, line.employeeId));
  return { key, range, json: JSON.stringify(detail), lines: detail.lines, statements };
}

const FIELDS = ["regularMinutes", "overtimeMinutes", "doubleMinutes", "wagesCents", "reimbursementCents", "deductionCents", "grossCents"] as const;
type Figures = Record<(typeof FIELDS)[number], number>;
/** What a carried difference adds to the line it is paid on (withPriorPeriods). */
const MONEY = ["wagesCents", "reimbursementCents", "deductionCents", "grossCents"] as const;
const zero = (): Figures => Object.fromEntries(FIELDS.map((f) => [f, 0])) as Figures;

async function expectPaidNeverMoves(w: World, paid: Paid[], history: Step[]) {
  const details = { p2: await detailOf(w, "p2"), p3: await detailOf(w, "p3") };
  for (const p of paid) {
    const now = p.key === "p1" ? await detailOf(w, "p1") : details.p2;
    expect(JSON.stringify(now), `${p.key} detail after ${JSON.stringify(history)}`).toBe(p.json);
    for (const [employeeId, text] of p.statements) expect(await statementText(w, p.key, employeeId), `${p.key} statement`).toBe(text);

    // What was paid for the period then: its own figures (a frozen line's money also holds what it
    // carried for earlier periods; its minutes never do) …
    const figures = new Map<string, Figures>();
    const add = (employeeId: string, f: Partial<Figures>, fields: readonly (keyof Figures)[] = FIELDS, sign = 1) => {
      const sum = figures.get(employeeId) ?? zero();
      for (const k of fields) sum[k] += sign * (f[k] ?? 0);
      figures.set(employeeId, sum);
    };
    for (const l of p.lines) {
      add(l.employeeId, l);
      for (const c of l.priorPeriods ?? []) add(l.employeeId, c, MONEY, -1);
    }
    // … plus what later periods carried for it …
    const later = p.key === "p1" ? [details.p2, details.p3] : [details.p3];
    for (const d of later) for (const l of d.lines) for (const c of l.priorPeriods ?? []) if (c.periodId === w.ids[p.key]) add(l.employeeId, c);
    // … is the period recomputed from scratch now.
    const recomputed = calculate(
      p.range,
      SETTINGS,
      await loadPayrollData(db(), w.companyId, calculationRange(p.range, SETTINGS.workweekStart)),
      await loadAdjustments(db(), w.companyId, [w.ids[p.key]], SETTINGS),
    );
    const expected = new Map<string, Figures>();
    for (const l of recomputed.lines) expected.set(l.employeeId, Object.fromEntries(FIELDS.map((f) => [f, l[f]])) as Figures);
    for (const id of new Set([...figures.keys(), ...expected.keys()]))
      expect(figures.get(id) ?? zero(), `${p.key}, employee ${w.employees.indexOf(id)}, after ${JSON.stringify(history)}`).toEqual(expected.get(id) ?? zero());
  }
  return details;
}

describe("a difference carried by a period that is paid in turn", () => {
  it("is not taken back when that period is recomputed", async () => {
    const w = await world(-1);
    const [ana, ben] = w.employees;
    // P1 paid Ana Mon–Fri 07:00–16:00 (45 h) and Saturday's 2 h of her night (its break was taken on Sunday):
    // 47 h at $15.00 = $705.00 + 7 h × $7.50 = $757.50. Monday rejected afterwards: 38 h, $570.00, so
    // P2 takes back $187.50 (120 regular and 420 overtime minutes).
    await w.owner.mutation("timeEntries:reject", { entryIds: [w.entries[0].id], reason: "Not worked" });
    const carry = { regularMinutes: -120, overtimeMinutes: -420, grossCents: -18_750 };
    const anaIn = (d: Detail) => d.lines.find((l) => l.employeeId === ana)!;
    // P2's own time: Sunday 06:00 less the 30-minute break (5 h 30) + Monday and Tuesday 8 h = 21.5 h × $15.00 = $322.50.
    expect(anaIn(await detailOf(w, "p2"))).toMatchObject({
      regularMinutes: 1_290,
      grossCents: 32_250 - 18_750,
      priorPeriods: [expect.objectContaining(carry)],
    });
    await w.owner.mutation("payPeriods:lock", { periodId: w.ids.p2, overrideReason: "Ben's Wednesday is checked later" });
    await w.owner.mutation("payPeriods:markPaid", { periodId: w.ids.p2 });
    // A rate of Ben's dated into P1's Saturday marks P1 and P2 changed after paid; it changes nobody's pay.
    await addRate(db(), {
      companyId: w.companyId,
      employeeId: ben,
      payType: "hourly",
      rateCents: 2_500,
      effectiveFrom: addDays(p1.startsOn, 6),
      reason: null,
      createdBy: w.ownerId,
      today: addDays(p1.startsOn, 6),
    });
    // P2 recomputed pays Ana's own $322.50 again, as it was paid: its frozen line's −$187.50 was P1's, not a
    // difference of P2 to give back in P3.
    expect((await detailOf(w, "p3")).lines.flatMap((l) => l.priorPeriods ?? [])).toEqual([]);
  });
});

describe("a paid period under random later changes", () => {
  it("keeps its figures and statements, and pays every later difference exactly once", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 7 }), async (steps) => {
        const w = await world(run++);
        const paid = [await snapshot(w, "p1", p1)];
        await expectPaidNeverMoves(w, paid, []);
        const history: Step[] = [];
        const carriedBy = (d: Detail) => d.lines.flatMap((l) => (l.priorPeriods ?? []).map((c) => ({ employeeId: l.employeeId, ...c })));
        let p3Carried = carriedBy(await detailOf(w, "p3"));
        for (const step of steps) {
          history.push(step);
          const done = await apply(w, step);
          if (done && step.op === "pay") paid.push(await snapshot(w, "p2", p2));
          const details = await expectPaidNeverMoves(w, paid, history);
          // Just locked, P2 froze every difference it carried, so P3 carries none of them again; paying
          // it changes nothing more.
          if (done && step.op === "lock") expect(carriedBy(details.p3), `P3 after ${JSON.stringify(history)}`).toEqual([]);
          if (done && step.op === "pay") expect(carriedBy(details.p3), `P3 after ${JSON.stringify(history)}`).toEqual(p3Carried);
          p3Carried = carriedBy(details.p3);
        }
      }),
      {
        numRuns: Number(process.env.PROP_RUNS ?? 25),
        endOnFailure: true,
        ...(process.env.PROP_SEED ? { seed: Number(process.env.PROP_SEED), path: process.env.PROP_PATH } : {}),
      },
    );
  }, 300_000);
});
