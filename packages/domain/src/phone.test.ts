import { describe, expect, it } from "vitest";
import { formatPhone, isCompletePhone, phoneDigits } from "./phone.ts";

describe("phoneDigits", () => {
  it("keeps digits only, at most 10", () => {
    expect(phoneDigits("(555) 123-4567")).toBe("5551234567");
    expect(phoneDigits("555.123.4567 ext 89")).toBe("5551234567");
    expect(phoneDigits("abc")).toBe("");
    expect(phoneDigits("12345678901234")).toBe("1234567890");
  });
});

describe("formatPhone", () => {
  it("formats progressively while typing", () => {
    const typed = "5551234567";
    const shown = [...typed].map((_, i) => formatPhone(typed.slice(0, i + 1)));
    expect(shown).toEqual(["(5", "(55", "(555", "(555)1", "(555)12", "(555)123", "(555)123-4", "(555)123-45", "(555)123-456", "(555)123-4567"]);
    expect(formatPhone("")).toBe("");
  });

  it("reformats its own output plus the next keystroke", () => {
    let value = "";
    for (const key of "5551234567999") value = formatPhone(value + key);
    expect(value).toBe("(555)123-4567");
  });

  it("formats pasted numbers in any notation", () => {
    expect(formatPhone("555-123-4567")).toBe("(555)123-4567");
    expect(formatPhone(" (555) 123 4567 ")).toBe("(555)123-4567");
  });

  it("lets backspace remove punctuation with the digit before it", () => {
    // Deleting the last digit of "(555)1" leaves "(555)", which shows as "(555".
    expect(formatPhone("(555)")).toBe("(555");
    expect(formatPhone("(555)123-")).toBe("(555)123");
  });
});

describe("isCompletePhone", () => {
  it("needs 10 digits", () => {
    expect(isCompletePhone("(555)123-4567")).toBe(true);
    expect(isCompletePhone("(555)123-456")).toBe(false);
  });
});
