import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

const COLORS = { pending: "yellow", verified: "blue", used: "teal" } as const;

export function ClaimStatusBadge({ status }: { status: "pending" | "verified" | "used" }) {
  const { t } = useTranslation("marketing");
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}
