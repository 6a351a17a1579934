import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusalText } from "@tumble/domain/refusals";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;
let manager: Client;
let admin: Client;
let staff: Client;

beforeAll(async () => {
  server = await startTestServer();
  [manager, admin, staff] = await Promise.all(["manager@demo.test", "admin@demo.test", "staff@demo.test"].map((e) => new Client(server.url).signIn(e)));
});
afterAll(() => server?.stop());

type Store = { _id: string; name: string; address: string; isActive: boolean; timeZone: string };
type Section = { _id: string; name: string; position: number };

describe("stores", () => {
  it("lists the company's stores, active first, with the inactive one", async () => {
    const stores = await staff.query<Store[]>("stores:listAll");
    expect(stores.map((s) => [s.name, s.isActive])).toEqual([
      ["Rio Downtown", true],
      ["Rio Eastside", true],
      ["Rio Northgate", true],
      ["Rio Old Mill", false],
    ]);
  });

  it("lets a manager create and edit a store, with clear errors for bad input", async () => {
    const { storeId } = await manager.mutation<{ storeId: string }>("stores:create", {
      name: "Rio Southpark",
      address: "9 Park Ave",
      timeZone: "America/Denver",
      hours: "24h",
    });
    await manager.mutation("stores:update", { storeId, isActive: false, phone: "(555)222-3333" });
    expect((await staff.query<Store[]>("stores:listAll")).find((s) => s._id === storeId)).toMatchObject({
      name: "Rio Southpark",
      isActive: false,
      timeZone: "America/Denver",
    });
    expect(await failure(manager.mutation("stores:create", { name: "rio southpark", address: "x", timeZone: "America/Denver" }))).toBe(
      'A store named "rio southpark" already exists',
    );
    const taken = await failureOf(manager.mutation("stores:create", { name: "rio southpark", address: "x", timeZone: "America/Denver" }));
    expect(taken.data).toEqual({ code: "companies.storeNameTaken", params: { name: "rio southpark" } });
    expect(refusalText(taken.data, "es")).toBe('Ya existe una tienda llamada "rio southpark"');
    expect(await failure(manager.mutation("stores:create", { name: " ", address: "x", timeZone: "America/Denver" }))).toBe(
      'Invalid argument "name": Store name is required',
    );
    expect(await failure(manager.mutation("stores:create", { name: "Moon", address: "x", timeZone: "Mars/Olympus" }))).toBe(
      'Invalid argument "timeZone": Unknown time zone',
    );
    expect(await failure(staff.mutation("stores:create", { name: "Nope", address: "x", timeZone: "UTC" }))).toBe("You don't have permission to manage stores");
    expect(await failure(manager.mutation("stores:update", { storeId: "z".repeat(32), name: "Ghost" }))).toBe("Store not found");
    const audit = await server.database.db.selectFrom("auditLog").select(["action"]).where("entityId", "=", storeId).orderBy("at").execute();
    expect(audit.map((a) => a.action)).toEqual(["create", "update"]);
  });
});

describe("sections", () => {
  it("creates, renames, reorders and removes only empty sections", async () => {
    const { storeId } = await manager.mutation<{ storeId: string }>("stores:create", { name: "Rio Sections", address: "1 Test St", timeZone: "UTC" });
    const a = await manager.mutation<{ sectionId: string }>("storeSections:create", { storeId, name: "Front" });
    const b = await manager.mutation<{ sectionId: string }>("storeSections:create", { storeId, name: "Back" });
    await manager.mutation("storeSections:rename", { sectionId: a.sectionId, name: "Front washers" });
    await manager.mutation("storeSections:reorder", { storeId, sectionIds: [b.sectionId, a.sectionId] });
    expect((await staff.query<Section[]>("storeSections:listByStore", { storeId })).map((s) => s.name)).toEqual(["Back", "Front washers"]);
    expect(await failure(manager.mutation("storeSections:reorder", { storeId, sectionIds: [a.sectionId] }))).toBe(
      "The new order must list every section of the store exactly once",
    );

    const types = await staff.query<Array<{ _id: string }>>("equipmentConfig:getAllEquipmentTypes");
    await manager.mutation("equipment:createMachine", { storeId, sectionId: a.sectionId, equipmentTypeId: types[0]._id, label: "W1" });
    expect(await failure(manager.mutation("storeSections:remove", { sectionId: a.sectionId }))).toBe("Move or remove this section's machines first");
    const inUse = await failureOf(manager.mutation("storeSections:remove", { sectionId: a.sectionId }));
    // The screens say it in the reader's language by this code (decision 0067).
    expect(inUse.data).toEqual({ code: "equipment.sectionHasMachines", params: {} });
    expect(refusalText(inUse.data, "es")).toBe("Mueve o quita primero las máquinas de esta sección");
    await manager.mutation("storeSections:remove", { sectionId: b.sectionId });
    expect((await staff.query<Section[]>("storeSections:listByStore", { storeId })).map((s) => s.name)).toEqual(["Front washers"]);
    expect((await staff.query<Section[]>("storeSections:list")).length).toBeGreaterThan(9);
  });
});

describe("equipment types and machines", () => {
  it("returns types in the spec's shape with the grey default colour", async () => {
    const types =
      await staff.query<
        Array<{ equipmentType: { name: string; category: string }; cashRules: object; visualConfig: { colorHex: string; colorRgb: object; iconType: string } }>
      >("equipmentConfig:getAllEquipmentTypes");
    expect(types.find((t) => t.equipmentType.name === "Claw machine")).toMatchObject({
      equipmentType: { category: "gaming" },
      cashRules: { acceptsCoins: true, acceptsBills: false },
      visualConfig: { colorHex: "#8E8E93", colorRgb: { r: 142, g: 142, b: 147 }, iconType: "square" },
    });
  });

  it("lets managers edit types, admins delete unused ones", async () => {
    const { equipmentTypeId } = await manager.mutation<{ equipmentTypeId: string }>("equipmentConfig:createEquipmentType", {
      name: "Card reader",
      category: "financial",
      colorHex: "#112233",
    });
    await manager.mutation("equipmentConfig:updateEquipmentType", { equipmentTypeId, acceptsBills: true });
    expect(await failure(manager.mutation("equipmentConfig:createEquipmentType", { name: "X", category: "spaceship" }))).toMatch(
      /^Invalid argument "category"/,
    );
    expect(await failure(manager.mutation("equipmentConfig:updateEquipmentType", { equipmentTypeId, colorHex: "red" }))).toBe(
      'Invalid argument "colorHex": Colour must be #RRGGBB',
    );
    expect(await failure(manager.mutation("equipmentConfig:deleteEquipmentType", { equipmentTypeId }))).toBe(
      "You don't have permission to administrator access",
    );
    await admin.mutation("equipmentConfig:deleteEquipmentType", { equipmentTypeId });
    const washer = (await staff.query<Array<{ _id: string; equipmentType: { name: string } }>>("equipmentConfig:getAllEquipmentTypes")).find(
      (t) => t.equipmentType.name === "Front-load washer",
    )!;
    expect(await failure(admin.mutation("equipmentConfig:deleteEquipmentType", { equipmentTypeId: washer._id }))).toBe(
      "Machines use this equipment type; change them first",
    );
  });

  it("places machines only in the store's own sections, with unique labels, and keeps collected ones", async () => {
    const stores = await staff.query<Store[]>("stores:listAll");
    const [downtown, eastside] = stores;
    const downtownSections = await staff.query<Section[]>("storeSections:listByStore", { storeId: downtown._id });
    const eastsideSections = await staff.query<Section[]>("storeSections:listByStore", { storeId: eastside._id });
    const types = await staff.query<Array<{ _id: string }>>("equipmentConfig:getAllEquipmentTypes");
    const machines = await staff.query<Array<{ _id: string; label: string; sectionName: string }>>("equipment:listMachines", { storeId: downtown._id });
    expect(machines).toHaveLength(15);
    expect(machines[0]).toMatchObject({ label: "W1", sectionName: "Front washers" });

    expect(
      await failure(
        manager.mutation("equipment:createMachine", { storeId: downtown._id, sectionId: eastsideSections[0]._id, equipmentTypeId: types[0]._id, label: "W99" }),
      ),
    ).toBe("The section belongs to another store");
    expect(
      await failure(
        manager.mutation("equipment:createMachine", { storeId: downtown._id, sectionId: downtownSections[0]._id, equipmentTypeId: types[0]._id, label: "w1" }),
      ),
    ).toBe("Machine w1 already exists in this store");
    const taken = await failureOf(
      manager.mutation("equipment:createMachine", { storeId: downtown._id, sectionId: downtownSections[0]._id, equipmentTypeId: types[0]._id, label: "w1" }),
    );
    expect(taken.data).toEqual({ code: "equipment.labelTaken", params: { label: "w1" } });
    expect(
      await failure(
        manager.mutation("equipment:createMachine", {
          storeId: downtown._id,
          sectionId: downtownSections[0]._id,
          equipmentTypeId: types[0]._id,
          label: "W50",
          coinBoxCapacityCents: -5,
        }),
      ),
    ).toMatch(/^Invalid argument "coinBoxCapacityCents"/);
    const { machineId } = await manager.mutation<{ machineId: string }>("equipment:createMachine", {
      storeId: downtown._id,
      sectionId: downtownSections[1]._id,
      equipmentTypeId: types[0]._id,
      label: "D50",
    });
    await manager.mutation("equipment:updateMachine", { machineId, isActive: false, label: "D51" });
    await admin.mutation("equipment:deleteMachine", { machineId });
    expect(await failure(admin.mutation("equipment:deleteMachine", { machineId: machines[0]._id }))).toBe(
      "This machine has collections; deactivate it instead",
    );
    expect((await failureOf(admin.mutation("equipment:deleteMachine", { machineId: machines[0]._id }))).data).toEqual({
      code: "equipment.machineHasCollections",
      params: {},
    });
    expect(await failure(manager.mutation("equipment:deleteMachine", { machineId: machines[0]._id }))).toBe(
      "You don't have permission to administrator access",
    );
  });
});
