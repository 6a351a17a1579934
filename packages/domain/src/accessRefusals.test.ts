import { describe, expect, it } from "vitest";
import { accessDenied, accessRefusal } from "./accessRefusals.ts";
import { accessDeniedMessage, PERMISSION_FLAGS } from "./permissions.ts";
import { refusalText } from "./refusals.ts";

describe("access refusals", () => {
  it("send spec section 6's denial for every flag, and 'this feature' without one, with a Spanish sentence each", () => {
    for (const flag of PERMISSION_FLAGS) {
      const { message, data } = accessDenied(flag);
      expect(message).toBe(accessDeniedMessage(flag));
      expect(data).toEqual({ code: "access.denied", params: { flag } });
      expect(refusalText(data, "es"), flag).toMatch(/^No (tienes|perteneces)/);
    }
    expect(accessDenied()).toEqual({ message: "You don't have permission to this feature", data: { code: "access.denied", params: {} } });
    expect(refusalText(accessDenied().data, "es")).toBe("No tienes permiso para usar esta función");
    expect(refusalText({ code: "access.denied", params: { flag: "toString" } }, "es")).toBe("No tienes permiso para usar esta función");
    expect(refusalText(accessDenied("canApproveDraws").data, "es")).toBe("No tienes permiso para aprobar retiros de efectivo");
  });

  it("name the role that cannot be granted in either language", () => {
    expect(accessRefusal("cannotGrantRole", { role: "OWNER" })).toEqual({
      message: "You cannot grant the OWNER role",
      data: { code: "access.cannotGrantRole", params: { role: "OWNER" } },
    });
    expect(refusalText({ code: "access.cannotGrantRole", params: { role: "MANAGER" } }, "es")).toBe("No puedes otorgar el rol Gerente");
  });
});
