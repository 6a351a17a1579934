import { Badge, type BadgeProps } from "@mantine/core";
import { useTranslation } from "react-i18next";

// Badges shared by the company screens, the user's requests and the company finder.

const ROLE_COLORS: Record<string, string> = {
  OWNER: "grape",
  ADMIN: "red",
  MANAGER: "orange",
  SUPERVISOR: "teal",
  STAFF: "blue",
  MANAGING_MEMBER: "cyan",
  MEMBER: "gray",
};

/** A company role, coloured by rank. */
export function RoleBadge({ role, ...props }: { role: string } & Omit<BadgeProps, "children" | "color">) {
  const { t } = useTranslation("common");
  return (
    <Badge variant="light" color={ROLE_COLORS[role] ?? "gray"} data-role={role} {...props}>
      {t(`roles.${role}`, { defaultValue: role })}
    </Badge>
  );
}

const STATUS_COLORS: Record<string, string> = {
  PENDING: "yellow",
  APPROVED: "teal",
  DENIED: "red",
  CANCELLED: "gray",
};

/** The status of a join request. */
export function JoinStatusBadge({ status, ...props }: { status: string } & Omit<BadgeProps, "children" | "color">) {
  const { t } = useTranslation("admin");
  return (
    <Badge variant="light" color={STATUS_COLORS[status] ?? "gray"} data-status={status} {...props}>
      {t(`requestStatus.${status}`, { defaultValue: status })}
    </Badge>
  );
}
