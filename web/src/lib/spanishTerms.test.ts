import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLAIM_MESSAGES } from "@tumble/domain/claimForm";

// Spanish wording (issue "one term for claim and one for redemption"): a customer's claim is a
// "solicitud" (solicitar), a redemption a "canje" (canjear). "Reclamo" reads as a complaint to a
// Latin-American reader, and "redención"/"redimir" are anglicisms: neither may come back.

const FORBIDDEN = /reclam|redim|redenci|rescat/i;
// Tests run from the repository root.
const root = (path: string) => join(process.cwd(), path);

/** Every Spanish string of a JSON locale file, with its key path. */
function strings(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === "string") return [[path, value]];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => strings(v, `${path}.${k}`));
  return [];
}

describe("Spanish claim and redemption terms", () => {
  it("web locale files use solicitud and canje only", () => {
    const dir = root("web/public/locales/es");
    const offending = readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .flatMap((f) => strings(JSON.parse(readFileSync(`${dir}/${f}`, "utf8")), f))
      .filter(([, text]) => FORBIDDEN.test(text));
    expect(offending).toEqual([]);
    const marketing = readFileSync(`${dir}/marketing.json`, "utf8");
    expect(marketing).toMatch(/solicitud/i);
    expect(marketing).toMatch(/canje/i);
  });

  it("the landing page, the claim form messages and the server's Spanish texts use them too", () => {
    const es = Object.entries(CLAIM_MESSAGES).map(([key, text]) => [key, text.es]);
    expect(es.filter(([, text]) => FORBIDDEN.test(text))).toEqual([]);
    for (const file of ["landing/src/messages.ts", "server/src/marketing/claims.ts", "server/src/marketing/demo.ts", "packages/domain/src/campaignForm.ts"]) {
      const lines = readFileSync(root(file), "utf8")
        .split("\n")
        .filter((line) => FORBIDDEN.test(line));
      expect(lines, file).toEqual([]);
    }
  });
});
