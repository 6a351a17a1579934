import { Group, PasswordInput, Progress, Stack, Text } from "@mantine/core";
import { IconEye, IconEyeOff, IconLock } from "@tabler/icons-react";
import { PIN_MAX_LENGTH, PIN_MIN_LENGTH, pinInput, pinStrength, type PinStrength } from "@tumble/domain/employeeForm";
import { useTranslation } from "react-i18next";

// Spec section 4 "PIN field": digits only, shown or hidden, with a strength bar — weak under the
// minimum of 4 digits, medium at 4, strong above. Up to 6 digits (docs/decisions/0006-pin-length.md).

const STRENGTH_VIEW: Record<PinStrength, { value: number; color: string }> = {
  weak: { value: 33, color: "red" },
  medium: { value: 66, color: "yellow" },
  strong: { value: 100, color: "teal" },
};

export interface PinInputProps {
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  label: string;
  description?: string;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  maxLength?: number;
  "data-testid"?: string;
}

export function PinInput({ value, onChange, onBlur, label, description, error, required, disabled, maxLength = PIN_MAX_LENGTH, ...rest }: PinInputProps) {
  const { t } = useTranslation("auth");
  const strength = pinStrength(value);
  const view = STRENGTH_VIEW[strength];
  const strengthLabel = t(`pin.strength.${strength}`);

  return (
    <Stack gap={6}>
      <PasswordInput
        label={label}
        description={description}
        required={required}
        disabled={disabled}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        maxLength={maxLength}
        leftSection={<IconLock size={16} aria-hidden />}
        value={value}
        onChange={(event) => onChange(pinInput(event.currentTarget.value, maxLength))}
        onBlur={onBlur}
        error={error || undefined}
        aria-invalid={!!error}
        visibilityToggleIcon={({ reveal }) => (reveal ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />)}
        visibilityToggleButtonProps={{ "aria-label": t("pin.toggleVisibility") }}
        data-testid={rest["data-testid"]}
      />
      {value.length > 0 ? (
        <Stack gap={4} data-testid="pin-strength" data-strength={strength}>
          <Progress
            value={view.value}
            color={view.color}
            size="sm"
            radius="xl"
            aria-label={t("pin.strengthLabel", { strength: strengthLabel })}
            transitionDuration={150}
          />
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {t("pin.strengthLabel", { strength: strengthLabel })}
            </Text>
            <Text size="xs" c="dimmed">
              {t("pin.digitsCount", { count: value.length, min: PIN_MIN_LENGTH, max: maxLength })}
            </Text>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
