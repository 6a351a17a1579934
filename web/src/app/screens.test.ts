import { describe, expect, it } from "vitest";
import { AREA_TABLE } from "@tumble/domain/routes";
import { screenFor } from "./screens";

describe("the screens", () => {
  it("include one for every sub-screen of the route table", () => {
    const missing = AREA_TABLE.flatMap((a) => a.subScreens.filter((s) => !screenFor(a.area, s)).map((s) => `${a.area}/${s}`));
    expect(missing).toEqual([]);
    expect(screenFor("payroll", "no-such-screen")).toBeUndefined();
  });
});
