import { describe, expect, it } from "vitest";
import { businessDateSchema } from "./zodSchemas.ts";

describe("businessDateSchema", () => {
  it.each(["2024-02-29", "2023-12-31", "1900-01-01", "2199-12-31"])("accepts the real date %s", (value) => {
    expect(businessDateSchema.parse(value)).toBe(value);
  });

  it.each(["2023-02-29", "2024-02-30", "2024-04-31", "2024-13-01", "2024-00-10", "2024-01-00", "0000-01-01"])("refuses the impossible date %s", (value) => {
    const result = businessDateSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("Not a real calendar date");
  });

  it.each(["0001-01-01", "1899-12-31", "2200-01-01", "9999-12-31"])("refuses %s, outside the years a business date can mean", (value) => {
    expect(businessDateSchema.safeParse(value).error?.issues[0].message).toBe("Use a date between the years 1900 and 2199");
  });

  it.each(["24-02-01", "2024-2-1", "2024/02/01", "2024-02-01T00:00", ""])("refuses %j as not yyyy-MM-dd", (value) => {
    expect(businessDateSchema.safeParse(value).error?.issues[0].message).toBe("Use the yyyy-MM-dd format");
  });
});
