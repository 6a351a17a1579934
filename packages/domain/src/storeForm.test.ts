import { describe, expect, it } from "vitest";
import { sectionFormSchema } from "./storeForm.ts";
import { localizeValidationMessage } from "./validationMessages.ts";

describe("sectionFormSchema", () => {
  it("asks for a name (in Spanish too), at most 100 characters, handed on trimmed", () => {
    const message = sectionFormSchema.safeParse({ name: " " }).error?.issues[0]?.message;
    expect(message).toBe("Section name is required");
    expect(localizeValidationMessage(message!, "es")).toBe("El nombre de la sección es obligatorio");
    expect(sectionFormSchema.safeParse({ name: "x".repeat(101) }).success).toBe(false);
    expect(sectionFormSchema.parse({ name: " Back wall " })).toEqual({ name: "Back wall" });
  });
});
