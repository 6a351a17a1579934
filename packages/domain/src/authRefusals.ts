import { PASSWORD_MIN_LENGTH } from "./employeeForm.ts";
import { refusalTable } from "./refusals.ts";

// What signing up, signing in, resetting a password and refreshing a session refuse, in English
// (what the server sends, and what the sign-in card's mapping of spec section 8 reads) and
// Spanish, with codes "auth.<key>" (refusals.ts).

const AUTH_TABLE = refusalTable("auth", {
  invalidEmail: { en: "Invalid email", es: "Correo electrónico no válido" },
  accountNotFound: { en: "Account not found", es: "No se encontró la cuenta" },
  invalidPassword: { en: "Invalid password", es: "Contraseña incorrecta" },
  accountExists: { en: "Account already exists", es: "Ya existe una cuenta con este correo" },
  passwordTooShort: {
    en: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
    es: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  },
  passwordTooLong: { en: "Password must be at most 256 characters", es: "La contraseña debe tener como máximo 256 caracteres" },
  invalidCode: { en: "Invalid or expired code", es: "El código no es válido o ya venció" },
  invalidRefreshToken: { en: "Invalid or expired refresh token", es: "La sesión no es válida o ya venció; inicia sesión de nuevo" },
});

export const AUTH_REFUSAL_TEXTS = AUTH_TABLE.texts;
/** A refusal for the server to throw, with its code ("auth.<key>"). */
export const authRefusal = AUTH_TABLE.refusal;
