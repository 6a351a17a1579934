import { ThemeIcon } from "@mantine/core";
import { IconBox, IconCoins, IconDeviceGamepad2, IconBottle, IconSquareFilled, IconWashMachine, IconWashTumbleDry } from "@tabler/icons-react";
import { equipmentColor } from "@tumble/domain/equipment";

const ICONS = {
  square: IconSquareFilled,
  washer: IconWashMachine,
  dryer: IconWashTumbleDry,
  vending: IconBottle,
  changer: IconCoins,
  gaming: IconDeviceGamepad2,
  other: IconBox,
} as const;

/** The type's icon on its colour; an unknown colour shows the grey #8E8E93. */
export function EquipmentIcon({ colorHex, iconType, size = 28 }: { colorHex: string | null | undefined; iconType: string | null | undefined; size?: number }) {
  const { colorHex: color } = equipmentColor(colorHex);
  const Icon = ICONS[(iconType ?? "square") as keyof typeof ICONS] ?? IconSquareFilled;
  return (
    <ThemeIcon size={size} radius="sm" color={color} variant="filled" aria-hidden style={{ flexShrink: 0 }}>
      <Icon size={Math.round(size * 0.6)} />
    </ThemeIcon>
  );
}
