import { describe, expect, it } from "vitest";
import { PART_CHARS, splitParts } from "./uploadParts";

describe("upload parts", () => {
  it("cuts a long file into parts that join back to it, each small enough to send", () => {
    const row = '03/07/2026,"Deposit, bag ""B-1"" ñ",1234.56\n';
    const content = "Date,Description,Amount\n" + row.repeat(60_000);
    const parts = splitParts(content);
    expect(parts.join("")).toBe(content);
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(PART_CHARS);
      expect(new TextEncoder().encode(JSON.stringify(part)).length).toBeLessThanOrEqual(960_000);
    }
    expect(splitParts("a,b\n")).toEqual(["a,b\n"]);
  });

  it("never cuts a letter outside the basic plane in two", () => {
    const content = "😀".repeat(400_000);
    const parts = splitParts(content);
    expect(parts.join("")).toBe(content);
    expect(parts.length).toBeGreaterThan(1);
    // No part ends on the first half (a high surrogate, U+D800–U+DBFF) of a pair.
    for (const part of parts) expect(part.charCodeAt(part.length - 1) >= 0xd800 && part.charCodeAt(part.length - 1) <= 0xdbff).toBe(false);
  });
});
