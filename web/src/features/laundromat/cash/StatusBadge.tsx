import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

const COLORS: Record<string, string> = {
  pending: "yellow",
  approved: "green",
  rejected: "red",
  cancelled: "gray",
  counting: "blue",
  submitted: "yellow",
  accepted: "green",
  recount_requested: "orange",
};

export function CashStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("cash");
  return (
    <Badge color={COLORS[status] ?? "gray"} variant="light" data-status={status}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}
