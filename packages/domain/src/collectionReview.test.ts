import { describe, expect, it } from "vitest";
import { collectionRejectFormSchema } from "./collectionReview.ts";
import { localizeValidationMessage } from "./validationMessages.ts";

describe("the collection reject form", () => {
  it("asks for a reason, in English and Spanish, and hands it on trimmed", () => {
    const result = collectionRejectFormSchema.safeParse({ reason: "   " });
    expect(result.success).toBe(false);
    const message = result.error!.issues[0]!.message;
    expect(message).toBe("Give a reason for the rejection");
    expect(localizeValidationMessage(message, "es")).toBe("Indica un motivo para el rechazo");
    expect(collectionRejectFormSchema.parse({ reason: " Short by $20 " })).toEqual({ reason: "Short by $20" });
  });
});
