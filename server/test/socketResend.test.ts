import { randomUUID } from "node:crypto";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { claimRateKey } from "../src/marketing/claims.ts";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

// The web client's socket (web/src/lib/socket.ts) against a real server, through a TCP proxy
// that can cut the connection right as the server answers: a mutation whose answer was lost is
// sent again on reconnect under the same idempotency key and runs once.

// Imported by path, so the server's type check does not compile browser code.
const SOCKET_MODULE = fileURLToPath(new URL("../../web/src/lib/socket.ts", import.meta.url));

interface WebSyncSocket {
  start(): void;
  stop(): void;
  isOpen(): boolean;
  request(kind: "mutation" | "action", path: string, args: unknown, idempotencyKey?: string): Promise<unknown>;
}
type SyncSocketClass = new (handlers: Record<string, (...args: unknown[]) => void>, url: () => string) => WebSyncSocket;

let server: TestServer;
let proxy: net.Server;
let proxyPort: number;
/** When set, the next server-to-client chunk carrying this text is swallowed and the link cut. */
let cutOn: string | null = null;
let cuts = 0;
const links = new Set<net.Socket>();
let SyncSocket: SyncSocketClass;
const saved = { WebSocket: (globalThis as Record<string, unknown>).WebSocket, window: (globalThis as Record<string, unknown>).window };

beforeAll(async () => {
  server = await startTestServer();
  const target = server.port;
  proxy = net.createServer((client) => {
    const upstream = net.connect(target, "127.0.0.1");
    links.add(client);
    client.on("close", () => links.delete(client));
    client.pipe(upstream);
    upstream.on("data", (chunk: Buffer) => {
      // Server frames are not masked, so the JSON is readable on the wire.
      if (cutOn && chunk.includes(cutOn)) {
        cutOn = null;
        cuts += 1;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", close);
    client.on("close", close);
    upstream.on("error", close);
    upstream.on("close", close);
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", () => r()));
  proxyPort = (proxy.address() as net.AddressInfo).port;
  Object.assign(globalThis, { WebSocket, window: { addEventListener: () => undefined, removeEventListener: () => undefined } });
  ({ SyncSocket } = (await import(SOCKET_MODULE)) as { SyncSocket: SyncSocketClass });
});

afterAll(async () => {
  Object.assign(globalThis, saved);
  for (const link of links) link.destroy();
  await new Promise((r) => proxy?.close(r));
  await server?.stop();
});

beforeEach(async () => {
  for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) await server.services.rateLimiter.reset(claimRateKey(address));
});

async function connected(): Promise<WebSyncSocket> {
  const socket = new SyncSocket(
    { onQueryUpdated: () => undefined, onQueryFailed: () => undefined, onAuthError: () => undefined },
    () => `ws://127.0.0.1:${proxyPort}/api/sync`,
  );
  socket.start();
  const deadline = Date.now() + 5_000;
  while (!socket.isOpen()) {
    if (Date.now() > deadline) throw new Error("socket did not open");
    await new Promise((r) => setTimeout(r, 10));
  }
  return socket;
}

async function openCampaign(): Promise<{ _id: string; companyId: string }> {
  const manager = await new Client(server.url).signIn("manager@demo.test");
  const now = Date.now();
  const created = await manager.mutation<{ friendlyId: string }>("marketing:createCampaign", {
    name: `Resend ${randomUUID().slice(0, 6)}`,
    campaignType: "SEASONAL",
    startDate: new Date(now - 2 * 86_400_000).toISOString().slice(0, 10),
    endDate: new Date(now + 2 * 86_400_000).toISOString().slice(0, 10),
    isActive: true,
    offerAmount: 5,
  });
  return (await new Client(server.url).query<{ _id: string; companyId: string }>("marketing:getCampaignByFriendlyIdPublic", {
    friendlyId: created.friendlyId,
  }))!;
}

describe("the web client's socket", () => {
  it("resends a mutation whose answer was lost when the socket dropped, and it runs once", async () => {
    const campaign = await openCampaign();
    const socket = await connected();
    try {
      const args = { customerName: "Lee Offline", email: "offline@example.com", campaignId: campaign._id, companyId: campaign.companyId };
      cutOn = "MutationResponse";
      const result = (await socket.request("mutation", "marketing:submitClaim", args, randomUUID())) as { claimId: string };
      expect(cuts).toBe(1);
      const claims = await server.database.db.selectFrom("campaignClaims").select("claimCode").where("email", "=", "offline@example.com").execute();
      expect(claims).toEqual([{ claimCode: result.claimId }]);
      expect(await server.database.db.selectFrom("outbox").select("id").where("recipient", "=", "offline@example.com").execute()).toHaveLength(1);
    } finally {
      socket.stop();
    }
  });

  it("still reports an action cut off by a drop instead of resending it", async () => {
    const socket = await connected();
    try {
      cutOn = "ActionResponse";
      await expect(socket.request("action", "auth:signOut", {})).rejects.toThrow("The connection to the server was lost");
    } finally {
      socket.stop();
    }
  });
});
