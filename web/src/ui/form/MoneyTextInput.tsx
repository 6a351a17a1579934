import { Text, TextInput, type TextInputProps } from "@mantine/core";
import { moneyInputText } from "@tumble/domain/money";

export interface MoneyTextInputProps extends Omit<TextInputProps, "value" | "onChange" | "inputMode" | "type"> {
  value: string;
  onChange: (text: string) => void;
}

/**
 * A dollar amount as typed: only digits and one decimal point with at most two decimals get in
 * (no letters, no minus), and phones show their numeric keypad with a decimal key.
 */
export function MoneyTextInput({ value, onChange, leftSection, ...props }: MoneyTextInputProps) {
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      leftSection={
        leftSection ?? (
          <Text size="sm" c="dimmed" aria-hidden>
            $
          </Text>
        )
      }
      {...props}
      value={value}
      onChange={(event) => onChange(moneyInputText(event.currentTarget.value))}
    />
  );
}
