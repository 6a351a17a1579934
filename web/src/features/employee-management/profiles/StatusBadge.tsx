import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { EmployeeStatus } from "@tumble/domain/employees";
import { STATUS_COLORS } from "./messages";

export function EmployeeStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("employees");
  const known = status as EmployeeStatus;
  return (
    <Badge variant="light" color={STATUS_COLORS[known] ?? "gray"} data-status={status} style={{ minWidth: "max-content" }}>
      {t(`statuses.${known}`, { defaultValue: status })}
    </Badge>
  );
}
