import { describe, expect, it } from "vitest";
import { BANK_MESSAGES, EARLIEST_LINE_DATE } from "./bankStatement.ts";
import { CASH_MESSAGES } from "./cashLedger.ts";
import { RECONCILIATION_MESSAGES, reconciliationRefusal } from "./reconciliation.ts";
import { refusalText } from "./refusals.ts";
import { argumentRefusal } from "./argumentRefusals.ts";
import { VALIDATION_MESSAGES, localizeValidationMessage } from "./validationMessages.ts";

// The server answers in English with these messages; a Spanish screen shows each through
// localizeValidationMessage. A message added to one of these objects without Spanish fails here.
// (The cash ledger's and reconciliation's, bank entries' included, are refusal tables, with both languages and codes: refusals.test.ts.)
const SERVER_MESSAGES = { BANK_MESSAGES };

const entries = Object.entries(SERVER_MESSAGES).flatMap(([object, messages]) =>
  Object.entries(messages as Record<string, unknown>).map(([key, message]) => ({ name: `${object}.${key}`, message })),
);
const statics = entries.flatMap(({ name, message }) => (typeof message === "string" ? [{ name, message }] : []));
const built = entries.flatMap(({ name, message }) => (typeof message === "function" ? [{ name, make: message as (...values: string[]) => string }] : []));

describe("localizeValidationMessage", () => {
  it("has Spanish for every fixed server message", () => {
    const english = new Set<string>(Object.values(VALIDATION_MESSAGES).map((m) => m.en));
    const missing = statics.filter(({ message }) => !english.has(message)).map(({ name }) => name);
    expect(missing).toEqual([]);
    for (const { message } of statics) {
      expect(localizeValidationMessage(message, "es")).not.toBe(message);
      expect(localizeValidationMessage(message, "en")).toBe(message);
    }
  });

  it("gives one English text a single Spanish one", () => {
    const byEnglish = new Map<string, Set<string>>();
    for (const { en, es } of Object.values(VALIDATION_MESSAGES)) byEnglish.set(en, (byEnglish.get(en) ?? new Set()).add(es));
    expect([...byEnglish].filter(([, es]) => es.size > 1)).toEqual([]);
  });

  it("has Spanish for every server message built from values, the values kept", () => {
    expect(built.length).toBeGreaterThan(0);
    for (const { name, make } of built) {
      const values = Array.from({ length: make.length }, (_, i) => `Valor ${i + 1}`);
      const english = make(...values);
      const spanish = localizeValidationMessage(english, "es");
      expect(spanish, name).not.toBe(english);
      for (const value of values) expect(spanish, name).toContain(value);
      expect(localizeValidationMessage(english, "en"), name).toBe(english);
    }
  });

  it("puts a period's dates into the Spanish in their places", () => {
    expect(localizeValidationMessage(RECONCILIATION_MESSAGES.closedPeriod("2024-03-01", "2024-03-31"), "es")).toBe(
      "El período 2024-03-01 a 2024-03-31 de esta tienda está cerrado; registre la corrección en un período abierto",
    );
    // Reconciliation's own refusals are said by their code and values.
    const notNext = reconciliationRefusal("notNext", { day: "2024-04-01" });
    expect(notNext.message).toBe(RECONCILIATION_MESSAGES.notNext("2024-04-01"));
    expect(refusalText(notNext.data, "es")).toBe("El período cerrado anterior termina el día antes del 2024-04-01; este período debe empezar el 2024-04-01");
    // A fixed one is still found by its English.
    expect(localizeValidationMessage(RECONCILIATION_MESSAGES.countUsed, "es")).toBe("Este conteo ya cierra otro período");
    expect(localizeValidationMessage(BANK_MESSAGES.lineTooOld("1999-12-31"), "es")).toBe(
      `La línea tiene fecha 1999-12-31, anterior al ${EARLIEST_LINE_DATE}: no es una fecha de este extracto`,
    );
  });

  it("leaves a text that only looks like a message built from values as it is", () => {
    const prefixed = `Error: ${RECONCILIATION_MESSAGES.closedPeriod("2024-03-01", "2024-03-31")}`;
    expect(localizeValidationMessage(prefixed, "es")).toBe(prefixed);
  });

  it("passes an unknown message through in either language", () => {
    expect(localizeValidationMessage("Something went wrong", "es")).toBe("Something went wrong");
    expect(localizeValidationMessage("Something went wrong", "en")).toBe("Something went wrong");
    expect(localizeValidationMessage("", "es")).toBe("");
  });

  it("still translates the form rules", () => {
    expect(localizeValidationMessage(VALIDATION_MESSAGES.cashCountWhole.en, "es")).toBe(VALIDATION_MESSAGES.cashCountWhole.es);
    // A cash form's rule is a sentence of the cash refusal table, found there by its English.
    expect(localizeValidationMessage(CASH_MESSAGES.needsSource, "es")).toBe("Elija la cuenta de la que sale el dinero");
    expect(localizeValidationMessage(CASH_MESSAGES.depositMatched, "en")).toBe(CASH_MESSAGES.depositMatched);
    expect(localizeValidationMessage("Choose a date", "es")).toBe("Elija una fecha");
  });

  it("says an argument's refusal in Spanish: its rule where it is known, else which field is wrong", () => {
    const known = argumentRefusal("invalid", { field: "date", issue: "custom", message: "Choose a date" });
    expect(known).toEqual({
      message: 'Invalid argument "date": Choose a date',
      data: { code: "args.invalid", params: { field: "date", issue: "custom", message: "Choose a date" } },
    });
    expect(refusalText(known.data, "es")).toBe("Elija una fecha");
    // A module table's sentence is a rule too.
    const source = argumentRefusal("invalid", { field: "fromAccountId", issue: "custom", message: CASH_MESSAGES.needsSource });
    expect(refusalText(source.data, "es")).toBe("Elija la cuenta de la que sale el dinero");
    const long = argumentRefusal("invalid", { field: "name", issue: "too_big", message: "Too big: expected string to have <=100 characters" });
    expect(refusalText(long.data, "es")).toBe("El valor de «name» es demasiado largo o grande");
    expect(refusalText(argumentRefusal("invalid", { field: "kind", issue: "invalid_value", message: "Invalid option" }).data, "es")).toBe(
      "El valor de «kind» no es válido",
    );
    const bad = argumentRefusal("notAllowed", { field: "lines.0.note" });
    expect(bad.message).toBe('Invalid argument "lines.0.note": contains a character that is not allowed');
    expect(refusalText(bad.data, "es")).toBe("«lines.0.note» contiene un carácter que no se admite");
  });
});
