import { describe, expect, it } from "vitest";
import { kioskRegisterFormSchema, kioskRenameFormSchema } from "./kioskForms.ts";
import { localizeValidationMessage } from "./validationMessages.ts";

const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("kiosk forms", () => {
  it("asks for a store and a name, in English and Spanish", () => {
    const found = messages(kioskRegisterFormSchema.safeParse({ storeId: "", name: "  ", validDays: 365 }));
    expect(found).toEqual({ storeId: "Choose a store", name: "Give the kiosk a name" });
    expect(localizeValidationMessage(found.storeId!, "es")).toBe("Elige una tienda");
    expect(localizeValidationMessage(found.name!, "es")).toBe("Ponle un nombre al quiosco");
  });

  it("hands on the name trimmed, and refuses more than 80 characters", () => {
    expect(kioskRenameFormSchema.parse({ name: "  Front counter " })).toEqual({ name: "Front counter" });
    expect(messages(kioskRenameFormSchema.safeParse({ name: "x".repeat(81) }))).toEqual({ name: "The name can be at most 80 characters" });
  });

  it("keeps the registration between 1 and 730 days", () => {
    expect(kioskRegisterFormSchema.safeParse({ storeId: "s1", name: "Front", validDays: 731 }).success).toBe(false);
    expect(kioskRegisterFormSchema.parse({ storeId: "s1", name: "Front", validDays: 30 }).validDays).toBe(30);
  });
});
