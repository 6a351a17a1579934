import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CollectionStatus } from "./types";

const COLORS: Record<string, string> = { draft: "gray", submitted: "blue", verified: "green", rejected: "red" };

export function StatusBadge({ status }: { status: CollectionStatus | string }) {
  const { t } = useTranslation("collections");
  return (
    <Badge color={COLORS[status] ?? "gray"} variant="light" data-testid="collection-status">
      {t(`common.status.${status}`)}
    </Badge>
  );
}
