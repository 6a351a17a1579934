import { Group, Text, VisuallyHidden, type MantineSize } from "@mantine/core";
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatUSD } from "@tumble/domain/money";
import { directionOf } from "./reportRules";

// A change against the comparison period: an arrow and a sign as well as a colour, so it reads
// the same in dark mode, in print and for colour-blind readers. The colours are the theme's
// coloured text, which it keeps at AA contrast in both schemes.

const COLOR = { up: "teal", down: "red", flat: "dimmed" } as const;
const ICON = { up: IconArrowUpRight, down: IconArrowDownRight, flat: IconMinus } as const;

/** "+12.5%", "-3.0%", "0.0%". */
export function signedPercent(percent: number): string {
  return `${percent > 0 ? "+" : percent < 0 ? "-" : ""}${Math.abs(percent).toFixed(1)}%`;
}

/** "+$12.50", "-$3.00", "$0.00". */
export function signedUSD(cents: number): string {
  return cents > 0 ? `+${formatUSD(cents)}` : formatUSD(cents);
}

/** A percent change with its arrow; a dash when there is nothing to compare with. */
export function ChangePercent({ percent, size = "sm", testId }: { percent: number | null | undefined; size?: MantineSize; testId?: string }) {
  const { t } = useTranslation("reports");
  if (percent === null || percent === undefined) {
    return (
      <Text size={size} c="dimmed" component="span" title={t("change.none")} data-testid={testId} data-direction="none">
        <span aria-hidden>—</span>
        <VisuallyHidden>{t("change.none")}</VisuallyHidden>
      </Text>
    );
  }
  const direction = directionOf(percent);
  const Icon = ICON[direction];
  const label = direction === "flat" ? t("change.flat") : t(`change.${direction}`, { percent: Math.abs(percent).toFixed(1) });
  return (
    <Group
      component="span"
      gap={2}
      wrap="nowrap"
      c={COLOR[direction]}
      title={label}
      data-testid={testId}
      data-direction={direction}
      style={{ display: "inline-flex", verticalAlign: "middle" }}
    >
      <Icon size={16} stroke={2.25} aria-hidden />
      <Text size={size} fw={600} inherit={false} c={COLOR[direction]} component="span" aria-hidden>
        {signedPercent(percent)}
      </Text>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Group>
  );
}

/** An amount of change in dollars with its sign, coloured like its direction. */
export function ChangeAmount({ cents }: { cents: number | null }) {
  if (cents === null) {
    return (
      <Text size="sm" c="dimmed" component="span">
        —
      </Text>
    );
  }
  const direction = directionOf(cents);
  return (
    <Text size="sm" c={COLOR[direction]} component="span" style={{ whiteSpace: "nowrap" }}>
      {signedUSD(cents)}
    </Text>
  );
}
