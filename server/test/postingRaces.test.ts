import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockRow, race, times } from "./support/race.ts";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

// @postgres: postings meeting at one account at once, where PostgreSQL's row locks decide
// A busy Saturday: people posting to the same safe at the same moment must all get through, with
// the same balances as if they had posted one by one. On PostgreSQL the calls really overlap
// (PGlite runs one transaction at a time, so there they simply all pass).

let server: TestServer;
let owner: Client;
let admin: Client;
let manager: Client;
let staff: Client;
let supervisor: Client;

let keys = 0;
const key = () => `race-key-${Date.now()}-${keys++}`;

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, manager, staff, supervisor] = await Promise.all(
    ["owner@demo.test", "admin@demo.test", "manager@demo.test", "staff@demo.test", "supervisor@demo.test"].map((e) => new Client(server.url).signIn(e)),
  );
});
afterAll(() => server?.stop());

let stores = 0;
async function newStore(): Promise<{ storeId: string; safe: string; petty: string }> {
  const { storeId } = await manager.mutation<{ storeId: string }>("stores:create", {
    name: `Race ${Date.now()} ${stores++}`,
    address: "1 Busy St",
    timeZone: "America/Chicago",
  });
  const accounts = await manager.query<Array<{ _id: string; kind: string; storeId: string | null }>>("cashAccounts:list", { storeId });
  const of = (kind: string) => accounts.find((a) => a.storeId === storeId && a.kind === kind)!._id;
  return { storeId, safe: of("safe"), petty: of("petty_cash") };
}

const post = (client: Client, args: Record<string, unknown>) =>
  client.mutation<{ transactionId: string }>("cashTransactions:create", { description: "race", ...args, idempotencyKey: key() });

async function balances(...accountIds: string[]): Promise<number[]> {
  const accounts = await owner.query<Array<{ _id: string; balanceCents: number }>>("cashAccounts:list", { includeLedger: true });
  return accountIds.map((id) => accounts.find((a) => a._id === id)!.balanceCents);
}

/** Every account's running balance is the sum of its lines, in one unbroken sequence. */
async function ledgerIsSound(accountIds: string[]): Promise<void> {
  for (const id of accountIds) {
    const { rows } = await sql<{ seq: number; amount: number; after: number }>`
      select seq::int as seq, amount_cents::int as amount, balance_after_cents::int as after
      from cash_entries where account_id = ${id} and seq is not null order by seq`.execute(server.database.db);
    let running = 0;
    rows.forEach((row, i) => {
      running += row.amount;
      expect(row.seq).toBe(i + 1);
      expect(row.after).toBe(running);
    });
  }
}

describe("postings to one account at once", () => {
  it("twenty pairs of transfers between a safe and its petty cash, in opposite directions, all post", async () => {
    const { safe, petty } = await newStore();
    await post(admin, { kind: "adjustment", amountCents: 100_000, toAccountId: safe });
    await post(admin, { kind: "adjustment", amountCents: 100_000, toAccountId: petty });
    const failures: string[] = [];
    for (let round = 0; round < 20; round++) {
      const { errors } = await race(server, [
        () => post(manager, { kind: "transfer", amountCents: 100, fromAccountId: safe, toAccountId: petty }),
        () => post(owner, { kind: "transfer", amountCents: 50, fromAccountId: petty, toAccountId: safe }),
      ]);
      failures.push(...errors);
    }
    expect(failures).toEqual([]);
    // Safe: 100,000 − 20 × 100 + 20 × 50 = 99,000; petty cash: 100,000 + 20 × 100 − 20 × 50 = 101,000.
    expect(await balances(safe, petty)).toEqual([99_000, 101_000]);
    await ledgerIsSound([safe, petty]);
  });

  it("bursts of twelve from one safe all post, twice over", async () => {
    const { safe, petty } = await newStore();
    await post(admin, { kind: "adjustment", amountCents: 50_000, toAccountId: safe });
    const people = [owner, admin, manager];
    for (let burst = 0; burst < 2; burst++) {
      const { ok, errors } = await race(
        server,
        times(12, (i) => post(people[i % 3], { kind: "transfer", amountCents: 1_000 + i, fromAccountId: safe, toAccountId: petty })),
      );
      expect(errors).toEqual([]);
      expect(ok).toBe(12);
    }
    // Each burst moves 12 × 1,000 + (0 + 1 + … + 11) = 12,066: the safe keeps 50,000 − 2 × 12,066 = 25,868.
    expect(await balances(safe, petty)).toEqual([25_868, 24_132]);
    await ledgerIsSound([safe, petty]);
  });

  it("collections of one store verified at the same time all post to its safe", async () => {
    const stores = await staff.query<Array<{ _id: string; name: string }>>("stores:listAll");
    const storeId = stores.find((s) => s.name === "Rio Downtown")!._id;
    const machines = await staff.query<Array<{ _id: string; cashRules: { specialCase: string | null } }>>("equipment:listMachines", { storeId });
    const coinMachines = machines.filter((m) => m.cashRules.specialCase !== "changer").slice(0, 6);
    expect(coinMachines).toHaveLength(6);
    const accounts = await owner.query<Array<{ _id: string; kind: string; storeId: string | null }>>("cashAccounts:list", { storeId });
    const safe = accounts.find((a) => a.storeId === storeId && a.kind === "safe")!._id;
    // One machine each on three recent days the demo did not collect (it collects on Mondays and
    // Thursdays): eighteen visits, none a duplicate of another.
    const days = Array.from({ length: 14 }, (_, i) => new Date(Date.now() - (i + 1) * 86_400_000))
      .filter((d) => ![1, 4].includes(d.getUTCDay()))
      .slice(0, 3)
      .map((d) => d.toISOString().slice(0, 10));
    const collections: string[] = [];
    for (const businessDate of days) {
      for (const [i, machine] of coinMachines.entries()) {
        const { collectionId } = await staff.mutation<{ collectionId: string }>("collections:saveDraft", {
          storeId,
          businessDate,
          lines: [{ machineId: machine._id, coinsCents: 1_000 * (i + 1), billsCents: 0 }],
        });
        await staff.mutation("collections:submit", { collectionId });
        collections.push(collectionId);
      }
    }
    const [before] = await balances(safe);
    const verifiers = [supervisor, admin, owner];
    const failures: string[] = [];
    // Each round verifies one visit of each day, by three people at once.
    for (let round = 0; round < 6; round++) {
      const { errors } = await race(
        server,
        [0, 1, 2].map((day) => () => verifiers[day].mutation("collections:verify", { collectionId: collections[day * 6 + round] })),
        // Holding the store's row stops each verification at its first posting, then lets them all go at once.
        [lockRow("stores", storeId)],
        300,
      );
      failures.push(...errors);
    }
    expect(failures).toEqual([]);
    // Each day 1,000 + 2,000 + … + 6,000 = 21,000 into the safe; three days 63,000.
    expect(await balances(safe)).toEqual([before + 63_000]);
    await ledgerIsSound([safe]);
  });
});
