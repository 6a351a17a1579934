import { useState } from "react";
import { centsToDollarString, parseDollarsToCents } from "@tumble/domain/money";
import { MoneyTextInput, type MoneyTextInputProps } from "./MoneyTextInput";

export interface MoneyInputProps extends Omit<MoneyTextInputProps, "value" | "onChange"> {
  /** Integer cents; null (or "") when empty. */
  value?: number | null | "";
  onChange: (cents: number | null) => void;
}

/** Text that parses to `cents` ("12." and "12.5" both stand for 1250 while typing). */
function centsOf(text: string): number | null {
  const trimmed = text.endsWith(".") ? text.slice(0, -1) : text;
  if (trimmed === "") return null;
  const parsed = parseDollarsToCents(trimmed);
  return parsed.ok ? parsed.cents : null;
}

/** A money field for forms: the user types dollars, the form holds integer cents. */
export function MoneyInput({ value, onChange, ...props }: MoneyInputProps) {
  const cents = typeof value === "number" ? value : null;
  const [text, setText] = useState(() => (cents === null ? "" : centsToDollarString(cents)));
  // The form may set the value itself (reset, initial values): show it unless the text already means it.
  const shown = centsOf(text) === cents ? text : cents === null ? "" : centsToDollarString(cents);
  return (
    <MoneyTextInput
      {...props}
      value={shown}
      onChange={(next) => {
        setText(next);
        onChange(centsOf(next));
      }}
    />
  );
}
