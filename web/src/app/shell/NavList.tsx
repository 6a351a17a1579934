import { ActionIcon, Badge, Indicator, NavLink, Skeleton, Stack, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Area } from "@tumble/domain/routes";
import type { AppSearch } from "../../lib/searchParams";
import { useIconSize } from "../../lib/preferences";
import { AREA_ICONS } from "./areaIcons";
import { SubTabBadge } from "./badgeLinks";
import type { NavTab } from "./useNavigation";
import classes from "./AppLayout.module.css";

interface NavListProps {
  tabs: NavTab[];
  currentArea: Area | null;
  currentSub: string | null;
  /** Icons only, labels in tooltips. */
  collapsed?: boolean;
  /** The role is still loading. */
  loading?: boolean;
  onTab: (area: Area) => void;
  onSubTab: (area: Area, subScreen: string, search?: AppSearch) => void;
}

/** The main tabs, each with an expandable list of its sub-tabs, and their live badges. */
export function NavList({ tabs, currentArea, currentSub, collapsed = false, loading = false, onTab, onSubTab }: NavListProps) {
  const { t } = useTranslation("navigation");
  const icon = useIconSize();
  // Unfolded: what the user chose for a tab, else only the tab they are on.
  const [folded, setFolded] = useState<ReadonlyMap<Area, boolean>>(() => new Map());
  const isOpen = (area: Area) => folded.get(area) ?? area === currentArea;
  const toggle = (area: Area) => setFolded((prev) => new Map(prev).set(area, !(prev.get(area) ?? area === currentArea)));

  // While the role loads there is nothing to list yet: show the shape, not 'no options available'.
  if (loading) {
    return (
      <Stack gap={6} p={collapsed ? 0 : "xs"} aria-busy="true" aria-label={t("sidebar.label")} data-testid="nav-loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={collapsed ? 48 : 36} width={collapsed ? 48 : "100%"} radius="sm" />
        ))}
      </Stack>
    );
  }

  if (tabs.length === 0) {
    return (
      <Text c="dimmed" size="sm" p="md" ta="center" data-testid="nav-empty">
        {t("noOptions")}
      </Text>
    );
  }

  if (collapsed) {
    return (
      <Stack gap={6} align="center" component="nav" aria-label={t("sidebar.label")} data-testid="nav-tabs">
        {tabs.map((tab) => {
          const Icon = AREA_ICONS[tab.area];
          const label = t(`areas.${tab.area}`);
          const active = tab.area === currentArea;
          return (
            <Tooltip key={tab.area} label={tab.badge ? `${label} (${tab.badge})` : label} position="right" withArrow>
              <UnstyledButton
                className={classes.railButton}
                data-active={active || undefined}
                aria-label={label}
                aria-current={active ? "page" : undefined}
                data-testid={`nav-tab-${tab.area}`}
                onClick={() => onTab(tab.area)}
              >
                <Indicator label={tab.badge ?? undefined} disabled={!tab.badge} size={16} color="red" offset={2}>
                  <Icon size={icon(22)} aria-hidden />
                </Indicator>
              </UnstyledButton>
            </Tooltip>
          );
        })}
      </Stack>
    );
  }

  return (
    <nav aria-label={t("sidebar.label")} data-testid="nav-tabs">
      {tabs.map((tab) => {
        const Icon = AREA_ICONS[tab.area];
        const active = tab.area === currentArea;
        const expanded = isOpen(tab.area);
        return (
          <div key={tab.area} className={classes.tabGroup}>
            <div className={classes.tabRow}>
              <NavLink
                component="button"
                label={t(`areas.${tab.area}`)}
                leftSection={<Icon size={icon(20)} aria-hidden />}
                active={active && !expanded}
                variant="light"
                data-testid={`nav-tab-${tab.area}`}
                aria-current={active ? "page" : undefined}
                onClick={() => {
                  if (!expanded) toggle(tab.area);
                  onTab(tab.area);
                }}
                rightSection={
                  tab.badge ? (
                    <Badge size="sm" color="red" variant="filled" data-testid={`nav-badge-${tab.area}`}>
                      {tab.badge}
                    </Badge>
                  ) : null
                }
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                size="md"
                className={classes.chevron}
                data-open={expanded || undefined}
                aria-label={t(expanded ? "sidebar.collapseTab" : "sidebar.expandTab", { tab: t(`areas.${tab.area}`) })}
                aria-expanded={expanded}
                onClick={() => toggle(tab.area)}
              >
                <IconChevronRight size={16} aria-hidden />
              </ActionIcon>
            </div>
            {expanded ? (
              <div className={classes.subTabs} data-testid={`nav-subtabs-${tab.area}`}>
                {tab.subTabs.map((sub) => {
                  const subActive = active && sub.subScreen === currentSub;
                  return (
                    <NavLink
                      key={sub.subScreen}
                      component="a"
                      href={sub.path}
                      label={t(`subScreens.${tab.area}.${sub.subScreen}`)}
                      active={subActive}
                      aria-current={subActive ? "page" : undefined}
                      data-testid={`nav-sub-${tab.area}-${sub.subScreen}`}
                      onClick={(event) => {
                        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                        event.preventDefault();
                        onSubTab(tab.area, sub.subScreen);
                      }}
                      rightSection={
                        sub.badge ? (
                          <SubTabBadge
                            area={tab.area}
                            subScreen={sub.subScreen}
                            label={sub.badge}
                            onOpen={(search) => onSubTab(tab.area, sub.subScreen, search)}
                          />
                        ) : null
                      }
                    />
                  );
                })}
              </div>
            ) : null}
          </div>
        );
      })}
    </nav>
  );
}
