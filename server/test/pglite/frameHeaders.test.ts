import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { startServerProcess, type ServerProcess } from "../support/serverProcess.ts";

// Who may frame what (decision 0017): a public campaign page only this origin, for the marketing
// dashboard's preview; every other answer nobody. The app's own pages may frame this origin over
// plain http (the README's install) as well as https embeds.

let root: string;
let server: ServerProcess;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-frames-"));
  for (const [name, title] of [
    ["web", "Tumble"],
    ["landing", "Campaign"],
  ]) {
    fs.mkdirSync(path.join(root, name, "assets"), { recursive: true });
    fs.writeFileSync(path.join(root, name, "index.html"), `<!doctype html><html><head><title>${title}</title></head><body></body></html>`);
    fs.writeFileSync(path.join(root, name, "assets", "index-AbCd1234.js"), "export {};\n");
  }
  fs.cpSync(inject("pgliteTemplate"), path.join(root, "db"), { recursive: true });
  server = await startServerProcess(
    { DATA_DIR: path.join(root, "db"), WEB_DIST_DIR: path.join(root, "web"), LANDING_DIST_DIR: path.join(root, "landing") },
    120_000,
  );
}, 150_000);

afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  fs.rmSync(root, { recursive: true, force: true });
});

async function framing(route: string) {
  const response = await fetch(`${server.url}${route}`);
  await response.arrayBuffer();
  const csp = response.headers.get("content-security-policy") ?? "";
  return {
    status: response.status,
    frameOptions: response.headers.get("x-frame-options"),
    ancestors: /frame-ancestors [^;]*/.exec(csp)?.[0],
    frameSrc: /frame-src [^;]*/.exec(csp)?.[0],
  };
}

describe("frame headers", () => {
  it("let only this origin frame a public campaign page, by id or friendly id", async () => {
    for (const route of ["/marketing/rio-spring-2026", "/marketing/k57abc0123456789"]) {
      const got = await framing(route);
      expect(got, route).toMatchObject({ status: 200, frameOptions: "SAMEORIGIN", ancestors: "frame-ancestors 'self'" });
    }
  });

  it("let nobody frame any other answer: the app, its staff screens under /marketing, the demo, files and the API", async () => {
    for (const route of [
      "/",
      "/company/email-templates",
      "/marketing/dashboard",
      "/marketing/claim",
      "/marketing",
      "/marketing/",
      "/marketing-demo",
      "/landing/",
      "/landing/assets/index-AbCd1234.js",
      "/assets/index-AbCd1234.js",
      "/api/health",
      "/api/nothing",
    ]) {
      const got = await framing(route);
      expect(got.frameOptions, route).toBe("DENY");
      expect(got.ancestors, route).toBe("frame-ancestors 'none'");
    }
  });

  it("let the app's pages frame this origin over plain http, and https embeds", async () => {
    for (const route of ["/", "/marketing/dashboard", "/marketing/rio-spring-2026"]) {
      expect((await framing(route)).frameSrc, route).toBe("frame-src 'self' https:");
    }
  });
});
