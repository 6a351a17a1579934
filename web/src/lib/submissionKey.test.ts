import { describe, expect, it } from "vitest";
import { FunctionError } from "./errors";
import { SubmissionKeys } from "./submissionKey";

function keys() {
  let n = 0;
  return new SubmissionKeys(() => `k${++n}`);
}

describe("SubmissionKeys", () => {
  it("reuses the key when the same arguments are sent again after a network error", async () => {
    const k = keys();
    const sent: string[] = [];
    await expect(
      k.run({ amountCents: 500 }, async (key) => {
        sent.push(key);
        throw new TypeError("Failed to fetch");
      }),
    ).rejects.toThrow("Failed to fetch");
    await k.run({ amountCents: 500 }, async (key) => sent.push(key));
    expect(sent).toEqual(["k1", "k1"]);
  });

  it("takes a new key after a success, after the server refused, and when the arguments change", async () => {
    const k = keys();
    const sent: string[] = [];
    await k.run({ a: 1 }, async (key) => sent.push(key));
    await k.run({ a: 1 }, async (key) => sent.push(key));
    await expect(
      k.run({ a: 1 }, async (key) => {
        sent.push(key);
        throw new FunctionError("You cannot approve your own request");
      }),
    ).rejects.toThrow();
    await expect(
      k.run({ a: 1 }, async (key) => {
        sent.push(key);
        throw new TypeError("Failed to fetch");
      }),
    ).rejects.toThrow();
    await k.run({ a: 2 }, async (key) => sent.push(key));
    expect(sent).toEqual(["k1", "k2", "k3", "k4", "k5"]);
  });
});
