import { refusalTable } from "./refusals.ts";

// A system admin's correction of a cash account's balance (issue 20, system-admin/balance-admin):
// its refusals and its arguments' messages, in English (what balanceAdmin:* answers) and Spanish,
// with codes "balanceAdmin.<key>" (refusals.ts).

const BALANCE_ADMIN_TABLE = refusalTable("balanceAdmin", {
  companyNotFound: { en: "Company not found", es: "No se encontró la empresa" },
  accountNotFound: { en: "Cash account not found", es: "No se encontró la cuenta de efectivo" },
  notAdjustable: {
    en: "Only safes, change funds, petty cash, bank and other cash accounts can be adjusted",
    es: "Solo se pueden ajustar cajas fuertes, fondos de cambio, caja chica, bancos y otras cuentas de efectivo",
  },
  archived: { en: "This account is archived", es: "Esta cuenta está archivada" },
  reasonRequired: { en: "A reason is required", es: "El motivo es obligatorio" },
  zero: { en: "Enter an amount other than zero", es: "Escriba un monto distinto de cero" },
  tooLarge: { en: "The amount is too large", es: "El monto es demasiado grande" },
  notFound: { en: "Adjustment not found", es: "No se encontró el ajuste" },
  notPending: { en: "This adjustment has already been decided", es: "Este ajuste ya fue decidido" },
  ownRequest: { en: "Another system administrator must approve your adjustment", es: "Otro administrador del sistema debe aprobar su ajuste" },
});
export const BALANCE_ADMIN_MESSAGES = BALANCE_ADMIN_TABLE.texts;
/** A refusal for the server to throw, with its code ("balanceAdmin.<key>", refusals.ts). */
export const balanceAdminRefusal = BALANCE_ADMIN_TABLE.refusal;
