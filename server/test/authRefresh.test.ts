import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CallError, Client, startTestServer, type TestServer } from "./support/testServer.ts";

// @postgres: concurrent refreshes of one token
// Two tabs of one browser share the stored refresh token and may refresh at the same moment.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Tokens = { token: string; refreshToken: string };
const refresh = (refreshToken: string) => new Client(server.url).action<{ tokens: Tokens }>("auth:signIn", { refreshToken }).then((r) => r.tokens);

async function whoAmI(token: string): Promise<unknown> {
  const c = new Client(server.url);
  c.token = token;
  return ((await c.query<{ email: string }>("auth:loggedInUser")) ?? {}).email;
}

async function sessionOf(token: string) {
  const [, payload] = token.split(".");
  const sid = (JSON.parse(Buffer.from(payload, "base64url").toString()) as { sid: string }).sid;
  return server.database.db.selectFrom("sessions").select(["id", "revokedAt"]).where("id", "=", sid).executeTakeFirstOrThrow();
}

describe("concurrent refreshes of one refresh token", () => {
  it("keep both tabs signed in to the same session", async () => {
    const c = await new Client(server.url).signIn("staff@demo.test");
    const [a, b] = await Promise.all([refresh(c.refreshToken!), refresh(c.refreshToken!)]);
    expect(a.refreshToken).not.toBe(b.refreshToken);
    expect(await whoAmI(a.token)).toBe("staff@demo.test");
    expect(await whoAmI(b.token)).toBe("staff@demo.test");
    const session = await sessionOf(a.token);
    expect(session.id).toBe((await sessionOf(b.token)).id);
    expect(session.revokedAt).toBeNull();
    // The two tokens are one branch: refreshing them at the same moment again still works.
    const [a2, b2] = await Promise.all([refresh(a.refreshToken), refresh(b.refreshToken)]);
    expect(await whoAmI(a2.token)).toBe("staff@demo.test");
    expect(await whoAmI(b2.token)).toBe("staff@demo.test");
  });

  it("never grows a lasting second session: the token handed out for a reuse is consumed by the first one's use", async () => {
    const c = await new Client(server.url).signIn("supervisor@demo.test");
    const first = await refresh(c.refreshToken!);
    // Someone else presents the used token within the grace window (a thief, or a second tab).
    const second = await refresh(c.refreshToken!);
    // The first holder goes on; the other's token is now used up as well.
    const onward = await refresh(first.refreshToken);
    expect(await whoAmI(onward.token)).toBe("supervisor@demo.test");
    await server.database.db
      .updateTable("refreshTokens")
      .set({ usedAt: new Date(Date.now() - 31_000) })
      .where("usedAt", "is not", null)
      .execute();
    // After the window, the second branch cannot be continued: presenting it revokes the session.
    const late = await refresh(second.refreshToken).then(
      () => null,
      (e: unknown) => e,
    );
    expect((late as Error).message).toBe("Invalid or expired refresh token");
    expect((await sessionOf(onward.token)).revokedAt).not.toBeNull();
  });

  it("still revoke the session when the old token comes back after the grace window", async () => {
    const c = await new Client(server.url).signIn("member@demo.test");
    const [a] = await Promise.all([refresh(c.refreshToken!), refresh(c.refreshToken!)]);
    await server.database.db
      .updateTable("refreshTokens")
      .set({ usedAt: new Date(Date.now() - 31_000) })
      .where("usedAt", "is not", null)
      .execute();
    const late = await refresh(c.refreshToken!).then(
      () => null,
      (e: unknown) => e,
    );
    expect(late).toBeInstanceOf(CallError);
    expect((late as Error).message).toBe("Invalid or expired refresh token");
    expect((await sessionOf(a.token)).revokedAt).not.toBeNull();
    const holder = new Client(server.url);
    holder.token = a.token;
    expect((await holder.raw("query", "auth:loggedInUser")).status).toBe(401);
  });
});
