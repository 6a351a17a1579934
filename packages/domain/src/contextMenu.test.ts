import { describe, expect, it } from "vitest";
import { buildContext, contextMenuPermissions, menuItemAllowed, rightsLevel, type ContextType } from "./contextMenu.ts";

const as = (role: string | null, globalRole: string | null = null) => ({ role, globalRole, userId: "u1" });

describe("rights levels", () => {
  it("ranks admin, manager, supervisor and everyone else", () => {
    expect(rightsLevel(as("ADMIN"))).toBe("admin");
    expect(rightsLevel(as("OWNER"))).toBe("admin");
    expect(rightsLevel(as(null, "SYSTEM_ADMIN"))).toBe("admin");
    expect(rightsLevel(as("STAFF", "SUPER_ADMIN"))).toBe("admin");
    expect(rightsLevel(as(null, "COMPANIES_ADMIN"))).toBe("admin");
    expect(rightsLevel(as("MANAGER"))).toBe("manager");
    expect(rightsLevel(as("SUPERVISOR"))).toBe("supervisor");
    for (const role of ["STAFF", "MEMBER", "MANAGING_MEMBER", "UNASSIGNED", null]) expect(rightsLevel(as(role))).toBe("none");
  });
});

describe("context-menu rights", () => {
  const rights = (role: string | null, type: ContextType, globalRole: string | null = null) => contextMenuPermissions(as(role, globalRole), type);

  it("needs supervisor+ to edit, create and export, and manager+ to delete", () => {
    expect(rights("STAFF", "generic")).toMatchObject({ canView: true, canEdit: false, canCreate: false, canExport: false, canDelete: false, isAdmin: false });
    expect(rights("SUPERVISOR", "generic")).toMatchObject({ canEdit: true, canCreate: true, canExport: true, canDelete: false });
    expect(rights("MANAGER", "generic")).toMatchObject({ canEdit: true, canDelete: true, isAdmin: false });
    expect(rights("ADMIN", "generic")).toMatchObject({ canDelete: true, isAdmin: true });
  });

  it("lets everyone edit a collection, managers delete it", () => {
    expect(rights("STAFF", "collection")).toMatchObject({ canEdit: true, canDelete: false });
    expect(rights("SUPERVISOR", "collection")).toMatchObject({ canEdit: true, canDelete: false });
    expect(rights("MANAGER", "collection")).toMatchObject({ canEdit: true, canDelete: true });
  });

  it("lets managers edit equipment and only admins delete it", () => {
    expect(rights("SUPERVISOR", "equipment")).toMatchObject({ canEdit: false, canDelete: false });
    expect(rights("MANAGER", "equipment")).toMatchObject({ canEdit: true, canDelete: false });
    expect(rights("ADMIN", "equipment")).toMatchObject({ canEdit: true, canDelete: true });
  });

  it("keeps the system-admin context for admins only", () => {
    expect(rights("MANAGER", "system-admin")).toEqual({
      canView: false,
      canEdit: false,
      canDelete: false,
      canCreate: false,
      canExport: false,
      isOwner: false,
      isAdmin: false,
    });
    expect(rights(null, "system-admin", "SYSTEM_ADMIN")).toMatchObject({ canView: true, canEdit: true, canDelete: true, canCreate: true, canExport: true });
  });

  it("lets everyone edit a profile and nobody delete it; settings need manager+", () => {
    expect(rights("MEMBER", "profile")).toMatchObject({ canEdit: true, canDelete: false });
    expect(rights("OWNER", "profile")).toMatchObject({ canEdit: true, canDelete: false });
    expect(rights("SUPERVISOR", "settings")).toMatchObject({ canEdit: false });
    expect(rights("MANAGER", "settings")).toMatchObject({ canEdit: true });
  });

  it("marks the user's own element", () => {
    expect(contextMenuPermissions(as("STAFF"), "collection", "u1").isOwner).toBe(true);
    expect(contextMenuPermissions(as("STAFF"), "collection", "u2").isOwner).toBe(false);
    expect(contextMenuPermissions({ role: "STAFF", globalRole: null }, "collection", "u1").isOwner).toBe(false);
  });

  it("offers backup, logs and manage users to admins only", () => {
    const staff = rights("STAFF", "generic");
    const admin = rights("ADMIN", "generic");
    for (const id of ["backup", "logs", "manage-users"]) {
      expect(menuItemAllowed(id, staff)).toBe(false);
      expect(menuItemAllowed(id, admin)).toBe(true);
    }
    expect(menuItemAllowed("view", staff)).toBe(true);
  });

  it("builds a full context", () => {
    expect(buildContext(as("MANAGER"), "equipment", { id: "m1" }, { subType: "washer" })).toEqual({
      type: "equipment",
      subType: "washer",
      data: { id: "m1" },
      permissions: { canView: true, canEdit: true, canDelete: false, canCreate: true, canExport: true, isOwner: false, isAdmin: false },
    });
  });
});
