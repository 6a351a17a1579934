import { Paper, Text, UnstyledButton } from "@mantine/core";
import { createPortal } from "react-dom";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode, type TouchEvent } from "react";
import { useTranslation } from "react-i18next";
import { CONTEXT_MENU_EDGE_PX, CONTEXT_MENU_MIN_WIDTH } from "@tumble/domain/display";
import { CONTEXT_FAILURE_MS, CONTEXT_SUCCESS_MS, notify } from "../lib/notify";
import classes from "./ContextMenu.module.css";

// Spec sections 2, 4, 8 and 9 "Context menu": opens on right-click or a 500 ms long-press (a touch
// moving more than 10 px cancels it), is clamped 8 px inside the viewport with a minimum width of
// 12rem, closes on an outside click, Escape or after an action, and never opens without items.
// An action's outcome is a toast: '{label} executed' (2 s) or 'Failed to execute {label}' (5 s).

export const LONG_PRESS_MS = 500;
export const LONG_PRESS_MOVE_PX = 10;

export interface ContextMenuItem {
  id: string;
  label: string;
  icon?: ReactNode;
  color?: string;
  disabled?: boolean;
  /** Runs the action; a rejection shows the failure toast. */
  onSelect: () => void | Promise<void>;
  /** The action reports its own outcome (it asks for confirmation first): no '{label} executed' toast. */
  quiet?: boolean;
}

interface OpenState {
  x: number;
  y: number;
  items: ContextMenuItem[];
}

/** Where the menu goes: at the pointer, moved inside the viewport with an 8 px margin. */
export function clampMenuPosition(
  x: number,
  y: number,
  width: number,
  height: number,
  viewport: { width: number; height: number },
): { left: number; top: number } {
  const edge = CONTEXT_MENU_EDGE_PX;
  const left = Math.max(edge, Math.min(x, viewport.width - width - edge));
  const top = Math.max(edge, Math.min(y, viewport.height - height - edge));
  return { left, top };
}

export interface ContextMenuProps {
  /** The items for this element; an empty list means no menu. */
  items: ContextMenuItem[] | (() => ContextMenuItem[]);
  children: ReactNode;
  /** Accessible name of the menu. */
  label?: string;
  /** Rendered element (default div). */
  component?: "div" | "li" | "tr";
  className?: string;
  "data-testid"?: string;
}

/** Wraps an element so a right-click or a long-press opens its context menu. */
export function ContextMenu({ items, children, label, component = "div", className, ...rest }: ContextMenuProps) {
  const menu = useContextMenu(items, label);
  const Element = component;
  return (
    <>
      <Element className={className} {...menu.handlers} data-context-menu="" {...rest}>
        {children}
      </Element>
      {menu.popup}
    </>
  );
}

export interface ContextMenuHandle {
  /** Spread on the element that owns the menu (a table row, a card). */
  handlers: {
    onContextMenu: (event: MouseEvent) => void;
    onTouchStart: (event: TouchEvent) => void;
    onTouchMove: (event: TouchEvent) => void;
    onTouchEnd: (event: TouchEvent) => void;
    onTouchCancel: () => void;
  };
  /** Opens the menu at a point (e.g. under a "more" button, for keyboard users); false when it has no items. */
  openAt: (x: number, y: number) => boolean;
  /** The open menu, rendered in a portal; render it anywhere. */
  popup: ReactNode;
}

/** The context menu's behaviour for any element: right-click, 500 ms long-press, or openAt. */
export function useContextMenu(items: ContextMenuProps["items"], label?: string): ContextMenuHandle {
  const [open, setOpen] = useState<OpenState | null>(null);
  const press = useRef<{ x: number; y: number; timer: ReturnType<typeof setTimeout> } | null>(null);
  const longPressed = useRef(false);
  /** A finger is down (or just lifted): the browser's own touch context menu is ignored. */
  const touching = useRef(false);
  const touchReleaseTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const itemsNow = useCallback(() => (typeof items === "function" ? items() : items).filter(Boolean), [items]);

  const openAt = useCallback(
    (x: number, y: number) => {
      const list = itemsNow();
      if (list.length === 0) return false;
      setOpen({ x, y, items: list });
      return true;
    },
    [itemsNow],
  );

  const cancelPress = () => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
  };
  const releaseTouch = () => {
    if (touchReleaseTimer.current) clearTimeout(touchReleaseTimer.current);
    // The browser's contextmenu for a long touch can arrive just after the finger lifts.
    touchReleaseTimer.current = setTimeout(() => {
      touching.current = false;
    }, 300);
  };
  useEffect(
    () => () => {
      cancelPress();
      if (touchReleaseTimer.current) clearTimeout(touchReleaseTimer.current);
    },
    [],
  );

  const handlers = {
    onContextMenu: (event: MouseEvent) => {
      if (longPressed.current || touching.current) {
        // A touch long-press is timed by us (500 ms, cancelled by movement), not by the browser.
        event.preventDefault();
        return;
      }
      if (openAt(event.clientX, event.clientY)) event.preventDefault();
    },
    onTouchStart: (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!touch || event.touches.length > 1) return cancelPress();
      touching.current = true;
      if (touchReleaseTimer.current) clearTimeout(touchReleaseTimer.current);
      longPressed.current = false;
      cancelPress();
      const x = touch.clientX;
      const y = touch.clientY;
      press.current = {
        x,
        y,
        timer: setTimeout(() => {
          press.current = null;
          if (openAt(x, y)) longPressed.current = true;
        }, LONG_PRESS_MS),
      };
    },
    onTouchMove: (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!press.current || !touch) return;
      if (Math.hypot(touch.clientX - press.current.x, touch.clientY - press.current.y) > LONG_PRESS_MOVE_PX) cancelPress();
    },
    onTouchEnd: (event: TouchEvent) => {
      cancelPress();
      releaseTouch();
      // The tap that ended a long-press must not also click what is under the finger.
      if (longPressed.current) event.preventDefault();
    },
    onTouchCancel: () => {
      cancelPress();
      releaseTouch();
    },
  };

  const popup = open ? (
    <MenuPopup
      state={open}
      label={label}
      onClose={() => {
        setOpen(null);
        longPressed.current = false;
      }}
    />
  ) : null;
  return { handlers, openAt, popup };
}

function MenuPopup({ state, label, onClose }: { state: OpenState; label?: string; onClose: () => void }) {
  const { t } = useTranslation("common");
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);

  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const rect = node.getBoundingClientRect();
    setPosition(
      clampMenuPosition(state.x, state.y, rect.width, rect.height, {
        width: document.documentElement.clientWidth,
        height: document.documentElement.clientHeight,
      }),
    );
  }, [state]);

  useEffect(() => {
    if (!position) return;
    ref.current?.querySelector<HTMLElement>("[role=menuitem]:not([disabled])")?.focus();
  }, [position]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) onClose();
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    const onResize = () => onClose();
    // Registered on the next tick so the opening touch or click does not close it at once.
    const timer = setTimeout(() => {
      document.addEventListener("pointerdown", onPointerDown, true);
      window.addEventListener("resize", onResize);
    }, 0);
    document.addEventListener("keydown", onKey);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("pointerdown", onPointerDown, true);
      document.removeEventListener("keydown", onKey);
      window.removeEventListener("resize", onResize);
    };
  }, [onClose]);

  const run = async (item: ContextMenuItem) => {
    onClose();
    try {
      await item.onSelect();
      if (item.quiet) return;
      notify("success", t("contextMenu.executed", { label: item.label }), { autoClose: CONTEXT_SUCCESS_MS });
    } catch (error) {
      console.warn(`Context-menu action "${item.id}" failed`, error);
      notify("error", t("contextMenu.failed", { label: item.label }), { autoClose: CONTEXT_FAILURE_MS });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp" && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault();
    const buttons = Array.from(ref.current?.querySelectorAll<HTMLElement>("[role=menuitem]:not([disabled])") ?? []);
    if (buttons.length === 0) return;
    const current = buttons.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === "Home" ? 0 : event.key === "End" ? buttons.length - 1 : (current + (event.key === "ArrowDown" ? 1 : -1) + buttons.length) % buttons.length;
    buttons[next]?.focus();
  };

  return createPortal(
    <Paper
      ref={ref}
      role="menu"
      aria-label={label}
      shadow="lg"
      withBorder
      p={4}
      className={classes.menu}
      style={{
        // Measured at the top-left corner first, so its natural width is not squeezed by the edge.
        left: position?.left ?? 0,
        top: position?.top ?? 0,
        minWidth: CONTEXT_MENU_MIN_WIDTH,
        visibility: position ? "visible" : "hidden",
      }}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
      data-testid="context-menu"
    >
      {state.items.map((item) => (
        <UnstyledButton
          key={item.id}
          role="menuitem"
          className={classes.item}
          disabled={item.disabled}
          data-color={item.color}
          style={item.color ? { color: `var(--mantine-color-${item.color}-text)` } : undefined}
          onClick={() => void run(item)}
        >
          {item.icon ? <span className={classes.icon}>{item.icon}</span> : null}
          <Text span size="sm" inherit>
            {item.label}
          </Text>
        </UnstyledButton>
      ))}
    </Paper>,
    document.body,
  );
}
