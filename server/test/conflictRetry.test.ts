import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, retryOnConflict } from "../src/runtime/conflictRetry.ts";

// The runtime's retry of a mutation that PostgreSQL ended because of another transaction
// (postingRaces.test.ts shows it end to end on PostgreSQL).

const conflict = (code: string) => Object.assign(new Error("conflict"), { code });
const noWait = async () => {};

describe("retryOnConflict", () => {
  it("runs again after a deadlock or a serialization failure, and answers with the run that succeeded", async () => {
    const codes = ["40P01", "40001"];
    let runs = 0;
    const value = await retryOnConflict(async (n) => {
      runs++;
      if (n <= codes.length) throw conflict(codes[n - 1]);
      return `run ${n}`;
    }, noWait);
    expect(value).toBe("run 3");
    expect(runs).toBe(3);
  });

  it("gives up after its bounded attempts, with the database's error", async () => {
    let runs = 0;
    await expect(
      retryOnConflict(async () => {
        runs++;
        throw conflict("40P01");
      }, noWait),
    ).rejects.toMatchObject({ code: "40P01" });
    expect(runs).toBe(MAX_ATTEMPTS);
  });

  it("never repeats a call that failed for any other reason", async () => {
    for (const error of [conflict("23505"), new Error("Only a pending transaction can be decided")]) {
      let runs = 0;
      await expect(
        retryOnConflict(async () => {
          runs++;
          throw error;
        }, noWait),
      ).rejects.toBe(error);
      expect(runs).toBe(1);
    }
  });

  it("waits longer after each conflict", async () => {
    const waits: number[] = [];
    await retryOnConflict(
      async (n) => {
        if (n < 4) throw conflict("40001");
      },
      async (ms) => void waits.push(ms),
    );
    expect(waits).toHaveLength(3);
    // 5·2^(n−1) × [0.5, 1.5): [2.5, 7.5), [5, 15), [10, 30).
    waits.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(2.5 * 2 ** i);
      expect(ms).toBeLessThan(7.5 * 2 ** i);
    });
  });
});
