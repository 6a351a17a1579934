import { ActionIcon, Indicator, Loader, Popover, Tooltip } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { useQueryState } from "../../lib/hooks";
import classes from "./notifications.module.css";

// The header's bell (issue 34): the caller's unread notices, live over the socket, and a panel
// listing them. The panel is its own chunk: it loads the list's paging and error texts only when
// opened, so the shell's first load stays as small as it was.

const NoticePanel = lazy(() => import("./NoticePanel"));

/**
 * The bell, counting unread notices. `variant="bar"` is the phone's bottom bar, beside the company:
 * the phone's header shows the time only (spec section 2), and the bar is where a phone's header
 * controls live.
 */
export function NotificationBell({ variant = "header" }: { variant?: "header" | "bar" }) {
  return (
    // Its texts load with it; until then the header shows no bell rather than waiting for them.
    <Suspense fallback={null}>
      <Bell variant={variant} />
    </Suspense>
  );
}

function Bell({ variant }: { variant: "header" | "bar" }) {
  const { t } = useTranslation("notifications");
  const [opened, setOpened] = useState(false);
  const count = useQueryState(api.notifications.unreadCount, {}).data?.count ?? 0;
  const label = count > 0 ? t("bell.labelUnread", { count }) : t("bell.label");
  return (
    <div className={variant === "bar" ? classes.barSlot : undefined}>
      <Popover
        opened={opened}
        onChange={setOpened}
        position={variant === "bar" ? "top-end" : "bottom-end"}
        shadow="md"
        withinPortal
        trapFocus
        returnFocus
        width={380}
      >
        <Popover.Target>
          <Tooltip label={label} withArrow disabled={opened}>
            <Indicator
              label={count > 99 ? "99+" : count}
              disabled={count === 0}
              size={18}
              offset={6}
              color="red"
              inline
              data-testid="notification-count"
              data-count={count}
            >
              <ActionIcon
                variant="subtle"
                color="gray"
                // The bar's controls are 44 px touch targets.
                size={variant === "bar" ? 44 : "lg"}
                aria-label={label}
                aria-haspopup="dialog"
                aria-expanded={opened}
                onClick={() => setOpened((o) => !o)}
                data-testid="notification-bell"
              >
                <IconBell size={20} aria-hidden />
              </ActionIcon>
            </Indicator>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown p={0} className={classes.dropdown} aria-label={t("panel.title")} data-testid="notification-panel">
          {opened ? (
            <Suspense fallback={<Loader size="sm" m="md" aria-label={t("panel.title")} />}>
              <NoticePanel unread={count} onClose={() => setOpened(false)} />
            </Suspense>
          ) : null}
        </Popover.Dropdown>
      </Popover>
    </div>
  );
}
