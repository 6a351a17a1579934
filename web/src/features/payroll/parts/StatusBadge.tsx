import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { PayPeriodStatus } from "./types";

export const PERIOD_STATUS_COLORS: Record<PayPeriodStatus, string> = { open: "blue", locked: "orange", paid: "teal" };

export function PeriodStatusBadge({ status, size }: { status: PayPeriodStatus; size?: "sm" | "md" | "lg" }) {
  const { t } = useTranslation("payroll");
  return (
    <Badge
      variant="light"
      color={PERIOD_STATUS_COLORS[status]}
      size={size}
      data-testid="period-status"
      data-status={status}
      style={{ minWidth: "max-content" }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
