import { describe, expect, it } from "vitest";
import { autoMapping, IMPORT_COLUMNS, IMPORT_KINDS, importErrorsCsv, importTemplateCsv, missingColumns, validateImportRow } from "./imports.ts";

describe("import columns", () => {
  it("match headers by name and alias, ignoring case, spaces and dashes; a remembered mapping wins", () => {
    expect(autoMapping("machines", ["Store Name", "Machine Number", "SECTION", "Type", "extra"])).toEqual({
      store: "Store Name",
      machine: "Machine Number",
      section: "SECTION",
      equipmentType: "Type",
    });
    expect(autoMapping("machines", ["Tienda", "Label", "Where"], { section: "Where" })).toEqual({ store: "Tienda", machine: "Label", section: "Where" });
    expect(missingColumns("machines", { store: "a", machine: "b" })).toEqual(["section", "equipmentType"]);
  });

  it("every kind's template has its columns and an example line that validates", () => {
    for (const kind of IMPORT_KINDS) {
      const [header, example] = importTemplateCsv(kind).trim().split("\n");
      expect(header.split(",")).toEqual(IMPORT_COLUMNS[kind].map((c) => c.key));
      const cells = Object.fromEntries(IMPORT_COLUMNS[kind].map((c) => [c.key, c.example]));
      expect(validateImportRow(kind, 2, cells).ok, `${kind}: ${example}`).toBe(true);
    }
  });
});

describe("validateImportRow", () => {
  it("turns dollars into cents and yes/no into booleans", () => {
    const result = validateImportRow("collections", 2, { store: " Main ", date: "2024-03-04", machine: "W1", coins: "$1,234.50", bills: "" });
    expect(result).toEqual({ ok: true, value: { store: "Main", date: "2024-03-04", machine: "W1", coins: 123450, bills: null, meter: null, note: null } });
    const store = validateImportRow("stores", 3, { name: "A", address: "B", active: "No" });
    expect(store.ok && store.value.active).toBe(false);
  });

  it("names each bad column with its reason", () => {
    const result = validateImportRow("collections", 7, { store: "", date: "2024-02-30", machine: "W1", coins: "-3" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.row, e.column, e.code])).toEqual([
      [7, "store", "required"],
      [7, "date", "invalid"],
      [7, "coins", "invalid"],
    ]);
    expect(importErrorsCsv(result.errors)).toBe("row,column,reason\n7,store,store is required\n7,date,date is not valid\n7,coins,coins is not valid\n");
  });

  it("refuses an unknown category, a bad colour and a bad PIN", () => {
    const type = validateImportRow("equipmentTypes", 2, { name: "X", category: "spaceship", color: "blue" });
    expect(!type.ok && type.errors.map((e) => e.column)).toEqual(["category", "color"]);
    const employee = validateImportRow("employees", 2, { username: "ana", name: "Ana", payType: "hourly", rate: "15", pin: "12" });
    expect(!employee.ok && employee.errors.map((e) => e.column)).toEqual(["pin"]);
  });
});
