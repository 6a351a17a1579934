import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SmtpSink } from "../../test-support/smtpSink.ts";
import { resolveClientAddress } from "../src/runtime/clientAddress.ts";
import { DEMO_PASSWORD } from "../src/seed/demo.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

// @postgres: bursts of sign-ins at once must count their tries atomically
// Sign-in guessing from outside: concurrent bursts, many addresses, one address behind a proxy,
// and how long an answer takes. Addresses come from X-Forwarded-For, trusted as configured.

let server: TestServer;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await SmtpSink.start();
  server = await startTestServer({ SMTP_URL: smtp.url, TRUSTED_PROXY_HEADER: "x-forwarded-for" });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const TOO_MANY = "Too many attempts, try again later";
type Answer = { status: number; message: string | null; token: string | null };

/** auth:signIn as a client at `address`, behind the trusted proxy. */
async function signInFrom(address: string, params: Record<string, unknown>): Promise<Answer> {
  const response = await fetch(`${server.url}/api/action`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ path: "auth:signIn", args: { provider: "password", params }, format: "json" }),
  });
  const body = (await response.json()) as { status: string; errorMessage?: string; value?: { tokens: { token: string } | null } };
  return { status: response.status, message: body.errorMessage ?? null, token: body.value?.tokens?.token ?? null };
}
const guess = (address: string, email: string, password: string) => signInFrom(address, { flow: "signIn", email, password });

async function counter(key: string): Promise<number> {
  const row = await server.database.db.selectFrom("rateLimits").select("count").where("key", "=", key).executeTakeFirst();
  return row?.count ?? 0;
}

async function until(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe("a burst of concurrent guesses", () => {
  it("lets exactly ten through per account and address, refuses the right password after them, and leaves the owner's other addresses alone", async () => {
    const attacker = "203.0.113.7";
    const burst = Array.from({ length: 100 }, (_, i) => guess(attacker, "owner@demo.test", `wrong-password-${i}`));
    // The right password arrives while the burst is still being answered, once the limit is used up.
    await until(async () => (await counter(`signIn:pair:owner@demo.test|${attacker}`)) >= 10);
    const right = await guess(attacker, "owner@demo.test", DEMO_PASSWORD);
    const answers = await Promise.all(burst);

    expect(right).toEqual({ status: 560, message: TOO_MANY, token: null });
    const admitted = answers.filter((a) => a.message !== TOO_MANY);
    expect(admitted).toHaveLength(10);
    expect(new Set(admitted.map((a) => a.message))).toEqual(new Set(["Invalid password"]));
    expect(answers.every((a) => a.status === 560)).toBe(true);

    // The owner at home, or a colleague behind the same proxy, is not locked out.
    const home = await guess("198.51.100.20", "owner@demo.test", DEMO_PASSWORD);
    expect(home.status).toBe(200);
    expect(home.token).toMatch(/^ey/);
  });

  it("spaces out guesses at one account from many addresses, except from an address the owner used", async () => {
    const email = "manager@demo.test";
    const ownersAddress = "198.51.100.30";
    expect((await guess(ownersAddress, email, DEMO_PASSWORD)).status).toBe(200);

    const spread = await Promise.all(Array.from({ length: 25 }, (_, i) => guess(`192.0.2.${i + 1}`, email, "wrong-password")));
    expect(spread.filter((a) => a.message === "Invalid password")).toHaveLength(20);
    expect(spread.filter((a) => a.message === TOO_MANY)).toHaveLength(5);
    // Then each admitted guess must wait 1 s, 2 s, 4 s ... after the previous one, so three
    // seconds of guessing as fast as answers come admit at most two.
    const loop: Answer[] = [];
    for (const started = Date.now(); Date.now() - started < 3_000;) loop.push(await guess(`192.0.2.${100 + loop.length}`, email, "wrong-password"));
    expect(loop.filter((a) => a.message === "Invalid password").length).toBeLessThanOrEqual(2);
    expect(loop.filter((a) => a.message === TOO_MANY).length).toBeGreaterThanOrEqual(1);

    // Meanwhile the owner, from where they signed in before, is not kept waiting.
    const owner = await guess(ownersAddress, email, DEMO_PASSWORD);
    expect(owner.status).toBe(200);
    expect(await counter(`signIn:account:${email}`)).toBe(0);
  });

  it("counts many accounts guessed from one address, but gives back successful sign-ins", async () => {
    const address = "203.0.113.50";
    for (let i = 0; i < 5; i++) expect((await guess(address, "staff@demo.test", DEMO_PASSWORD)).status).toBe(200);
    expect(await counter(`signIn:ip:${address}`)).toBe(0);
    // 95 guesses at other accounts already made from this address in this window.
    await server.database.db.updateTable("rateLimits").set({ count: 95 }).where("key", "=", `signIn:ip:${address}`).execute();
    const misses = await Promise.all(Array.from({ length: 10 }, (_, i) => guess(address, `nobody${i}@example.com`, "wrong-password")));
    expect(misses.filter((a) => a.message === "Account not found")).toHaveLength(5);
    expect(misses.filter((a) => a.message === TOO_MANY)).toHaveLength(5);
  });

  it("spends at most five reset-code tries, however many arrive at once", async () => {
    const email = "member@demo.test";
    await signInFrom("203.0.113.60", { flow: "reset", email, password: "" });
    const code = await smtp.waitForMatch(email, /reset code is (\d{6})/);
    const wrong = code === "123456" ? "654321" : "123456";
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => signInFrom("203.0.113.60", { flow: "reset-verification", email, code: wrong, newPassword: "brand-new-password" })),
    );
    expect(answers.every((a) => a.message === "Invalid or expired code")).toBe(true);
    const row = await server.database.db
      .selectFrom("passwordResetCodes as c")
      .innerJoin("users as u", "u.id", "c.userId")
      .select("c.attempts")
      .where("u.email", "=", email)
      .where("c.usedAt", "is", null)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
  });
});

describe("answer time", () => {
  it("is the same for an unknown account as for a wrong password", async () => {
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const timed = async (email: string, i: number) => {
      const started = performance.now();
      const answer = await guess(`203.0.113.${100 + i}`, email, "wrong-password");
      expect(answer.status).toBe(560);
      return performance.now() - started;
    };
    // Warm both paths (the dummy hash is made on first use).
    await timed("nobody.at.all@example.com", 0);
    await timed("supervisor@demo.test", 1);
    const unknown: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 7; i++) {
      unknown.push(await timed(`ghost${i}@example.com`, 10 + i));
      known.push(await timed("supervisor@demo.test", 30 + i));
    }
    // Without the dummy hash an unknown account answers about ten times faster.
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe("client address behind a trusted proxy", () => {
  const headers = (value?: string) => (name: string) => (name === "x-forwarded-for" ? value : undefined);
  const proxy = (hops: number) => ({ trustedProxy: { header: "x-forwarded-for", hops } });

  it("takes the entry the nearest trusted proxies added, not what the client wrote", () => {
    expect(resolveClientAddress("10.0.0.1", headers("6.6.6.6, 198.51.100.9"), proxy(1))).toBe("198.51.100.9");
    expect(resolveClientAddress("10.0.0.1", headers("6.6.6.6, 198.51.100.9, 10.0.0.2"), proxy(2))).toBe("198.51.100.9");
  });

  it("uses the socket address without a configured proxy, or when the header is missing or short", () => {
    expect(resolveClientAddress("10.0.0.1", headers("6.6.6.6"), {})).toBe("10.0.0.1");
    expect(resolveClientAddress("10.0.0.1", headers(undefined), proxy(1))).toBe("10.0.0.1");
    expect(resolveClientAddress("10.0.0.1", headers("198.51.100.9"), proxy(2))).toBe("10.0.0.1");
  });
});
