import { describe, expect, it } from "vitest";
import { config } from "zod";
import { employeeRefusal } from "@tumble/domain/employees";
import { timeClockRefusal } from "@tumble/domain/timeClock";
import { kioskRefusalText } from "./kioskRefusals";

/** A refused call as the kiosk's HTTP client throws it: the English message, the code beside it. */
const refusedWith = ({ message, data }: { message: string; data: unknown }) => Object.assign(new Error(message), { data });

describe("the kiosk's refusals", () => {
  it("say a job refused at a punch in the kiosk's language", () => {
    const ended = refusedWith(employeeRefusal("jobEnded"));
    expect(kioskRefusalText(ended, "es")).toBe("Este trabajo ya terminó");
    expect(kioskRefusalText(ended, "en")).toBe("This job has ended");
    expect(kioskRefusalText(refusedWith(employeeRefusal("jobNotAtStore")), "es")).toBe("Este trabajo se hace en otra tienda");
  });

  it("still say the time clock's own refusals, and a message without a code as the time clock words it", () => {
    const revoked = refusedWith(timeClockRefusal("kioskRevoked"));
    expect(kioskRefusalText(revoked, "es")).not.toBe(revoked.message);
    expect(kioskRefusalText(new Error("Something else"), "es")).toBe("Something else");
  });

  it("turn zod's compiled parsers off before any table builds a schema (the kiosk's CSP forbids eval)", () => {
    expect(config().jitless).toBe(true);
  });
});
