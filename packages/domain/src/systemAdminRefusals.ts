import { refusalTable } from "./refusals.ts";

// What the platform console refuses (system-admin: companies, accounts and the demo companies), in
// English (what the server sends) and Spanish, with codes "systemAdmin.<key>" (refusals.ts).

const SYSTEM_ADMIN_TABLE = refusalTable("systemAdmin", {
  companyNotFound: { en: "Company not found", es: "No se encontró la empresa" },
  userNotFound: { en: "User not found", es: "No se encontró el usuario" },
  onlySuperAdminGrantsSuperAdmin: {
    en: "Only a super administrator can grant or revoke the super administrator role",
    es: "Solo un superadministrador puede otorgar o quitar el rol de superadministrador",
  },
  lastSuperAdmin: { en: "The last super administrator cannot lose that role", es: "El último superadministrador no puede perder ese rol" },
  notYourself: { en: "You cannot disable your own account", es: "No puedes desactivar tu propia cuenta" },
  alreadySuspended: { en: "This company is already suspended", es: "Esta empresa ya está suspendida" },
  notSuspended: { en: "This company is not suspended", es: "Esta empresa no está suspendida" },
  notDemo: {
    en: "Only demo companies can be reset or given demo campaigns; this company is not a demo company",
    es: "Solo las empresas de demostración se pueden restablecer o recibir campañas de demostración; esta empresa no es de demostración",
  },
  /** A demo row's unique key is taken by a row outside the demo: the constraint's name. */
  demoCollision: {
    en: ({ constraint }: { constraint: string }) =>
      `The demo data collides with a company or account that is not part of the demo, so nothing was changed (${constraint})`,
    es: ({ constraint }: { constraint: string }) =>
      `Los datos de demostración chocan con una empresa o cuenta que no forma parte de la demostración, así que no se cambió nada (${constraint})`,
  },
});

export const SYSTEM_ADMIN_REFUSAL_TEXTS = SYSTEM_ADMIN_TABLE.texts;
/** A refusal for the server to throw, with its code ("systemAdmin.<key>"). */
export const systemAdminRefusal = SYSTEM_ADMIN_TABLE.refusal;
