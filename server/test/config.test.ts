import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/base/config.ts";

describe("configuration", () => {
  it("has the documented defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, dataDir: path.resolve("./data"), seed: "demo", publicUrl: "http://localhost:3000" });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.trustedProxy).toBeUndefined();
  });

  it("reads the trusted proxy header and its hop count", () => {
    expect(loadConfig({ TRUSTED_PROXY_HEADER: "X-Forwarded-For" }).trustedProxy).toEqual({ header: "x-forwarded-for", hops: 1 });
    expect(loadConfig({ TRUSTED_PROXY_HEADER: "x-real-ip", TRUSTED_PROXY_HOPS: "2" }).trustedProxy).toEqual({ header: "x-real-ip", hops: 2 });
  });

  it("reads every variable", () => {
    const c = loadConfig({
      PORT: "8080",
      DATA_DIR: "/var/tumble",
      DATABASE_URL: "postgres://u@db/x",
      SMTP_URL: "smtp://mail:25",
      SMS_URL: "https://sms.example/send",
      SEED: "none",
      PUBLIC_URL: "https://tumble.example",
    });
    expect(c).toMatchObject({
      port: 8080,
      dataDir: "/var/tumble",
      databaseUrl: "postgres://u@db/x",
      smtpUrl: "smtp://mail:25",
      smsUrl: "https://sms.example/send",
      seed: "none",
      publicUrl: "https://tumble.example",
    });
  });

  it.each([
    [{ PORT: "eighty" }, /^Invalid PORT: /],
    [{ PORT: "70000" }, /^Invalid PORT: /],
    [{ DATABASE_URL: "mysql://x" }, /^Invalid DATABASE_URL: must be a URL starting with postgres: or postgresql:/],
    [{ SMTP_URL: "mail.example.com" }, /^Invalid SMTP_URL: /],
    [{ SMS_URL: "ftp://x" }, /^Invalid SMS_URL: /],
    [{ SEED: "yes" }, /^Invalid SEED: /],
    [{ PUBLIC_URL: "localhost" }, /^Invalid PUBLIC_URL: /],
    [{ TRUSTED_PROXY_HEADER: "x forwarded for" }, /^Invalid TRUSTED_PROXY_HEADER: must be an HTTP header name such as x-forwarded-for$/],
    [{ TRUSTED_PROXY_HEADER: "x-forwarded-for", TRUSTED_PROXY_HOPS: "0" }, /^Invalid TRUSTED_PROXY_HOPS: must be a whole number from 1 to 10$/],
    [{ TRUSTED_PROXY_HOPS: "1.5" }, /^Invalid TRUSTED_PROXY_HOPS: must be a whole number from 1 to 10$/],
  ])("stops on %j with one line naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
    try {
      loadConfig(env);
    } catch (e) {
      expect((e as Error).message).not.toContain("\n");
    }
  });
});
