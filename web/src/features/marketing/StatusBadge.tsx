import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

const COLORS = { pending: "yellow", verified: "blue", used: "teal" } as const;

export function ClaimStatusBadge({ status }: { status: "pending" | "verified" | "used" }) {
  const { t } = useTranslation("marketing");
  return (
    // A status is one word: never cut to "PEN…" in a narrow column or card.
    <Badge color={COLORS[status]} variant="light" miw="max-content">
      {t(`status.${status}`)}
    </Badge>
  );
}
