import { ActionIcon, AppShell, Badge, Box, Button, Drawer, Group, Loader, ScrollArea, Stack, Text, ThemeIcon, Tooltip } from "@mantine/core";
import { useHotkeys, useMediaQuery } from "@mantine/hooks";
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLayoutSidebarRightExpand,
  IconMenu2,
  IconMinimize,
  IconEyeOff,
  IconWashMachine,
} from "@tabler/icons-react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MOBILE_DRAWER_WIDTH } from "@tumble/domain/display";
import type { Area } from "@tumble/domain/routes";
import { api } from "../../lib/api";
import { useQueryState } from "../../lib/hooks";
import { useApplyEffectiveLanguage } from "../../lib/language";
import { updatePreferences, usePreferences, usePreferencesSync } from "../../lib/preferences";
import { APP_VERSION } from "../../lib/version";
import { ScaleControls, ThemeChoiceControl } from "../../ui/DisplayControls";
import { LanguageToggle } from "../../ui/LanguageToggle";
import { requestLaundromatEntry } from "../../lib/laundromatSelection";
import { LaundromatSelectionHost } from "../../ui/laundromatSelection/LaundromatSelectionHost";
import { AppMenu } from "./AppMenu";
import { CompanySwitcher } from "./CompanySwitcher";
import { NotificationBell } from "../../features/notifications/NotificationBell";
import { ConnectionNotice } from "./ConnectionNotice";
import { setLaundromatEntryGuard } from "./laundromatEntry";
import { HeaderClock } from "./HeaderClock";
import { NavList } from "./NavList";
import { SIDEBAR_WIDTH, sidebarStateOf, toggledSidebar } from "./sidebarState";
import { SignOutButton, useConfirmSignOut } from "./SignOutButton";
import { useNavigation } from "./useNavigation";
import type { AppSearch } from "../../lib/searchParams";
import classes from "./AppLayout.module.css";

const MOBILE_QUERY = "(max-width: 767px)";
const COMPACT_QUERY = "(max-width: 1023px)";
const COMPACT_BREAKPOINT = "64em";
const ULTRAWIDE_QUERY = "(min-width: 2200px)";

/** The signed-in frame: header, sidebar (drawer on phones) and the page content. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation(["common", "navigation"]);
  const { data: user, isLoading } = useQueryState(api.auth.loggedInUser);
  useApplyEffectiveLanguage(user);
  usePreferencesSync();
  const prefs = usePreferences();
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const compact = useMediaQuery(COMPACT_QUERY) ?? false;
  const ultraWide = useMediaQuery(ULTRAWIDE_QUERY) ?? false;
  const sidebar = sidebarStateOf(prefs, ultraWide);
  const nav = useNavigation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const fullscreen = useFullscreen();

  useHotkeys([["mod+B", () => updatePreferences(toggledSidebar(sidebar))]]);
  // Spec section 2: entering the laundromat tab asks for the store and dates first.
  useEffect(() => setLaundromatEntryGuard(requestLaundromatEntry), []);

  const onTab = useCallback(
    (area: Area) => {
      setDrawerOpen(false);
      void nav.goToTab(area);
    },
    [nav],
  );
  const onSubTab = useCallback(
    (area: Area, sub: string, search?: AppSearch) => {
      setDrawerOpen(false);
      void nav.goToSubTab(area, sub, search);
    },
    [nav],
  );

  const localPart = user?.email ? user.email.split("@")[0] : null;
  const roleInCompany = user?.companyRole ?? (user?.role && user.role !== "UNASSIGNED" ? user.role : null);
  // A system admin in a company they do not belong to acts there by their global role: one badge says it.
  const companyRole = roleInCompany === user?.globalRole ? null : roleInCompany;
  const collapsed = sidebar === "collapsed";

  return (
    <AppShell
      header={{ height: 60, collapsed: fullscreen.active }}
      navbar={{
        width: collapsed ? SIDEBAR_WIDTH.collapsed : SIDEBAR_WIDTH.expanded,
        // Below 1024 px the sidebar is the drawer (issue 34): a tablet keeps its width for the page.
        breakpoint: COMPACT_BREAKPOINT,
        collapsed: { mobile: true, desktop: sidebar === "hidden" },
      }}
      padding={{ base: "sm", sm: "md" }}
      data-sidebar={sidebar}
      data-testid="app-shell"
    >
      <AppShell.Header data-testid="app-header">
        {isMobile ? (
          <Group h="100%" justify="center" data-testid="mobile-header">
            <HeaderClock />
          </Group>
        ) : (
          <DesktopHeader
            isLoading={isLoading}
            localPart={localPart}
            email={user?.email ?? null}
            companyRole={companyRole}
            globalRole={user?.globalRole ?? null}
            onOpenDrawer={compact ? () => setDrawerOpen(true) : null}
            drawerOpen={drawerOpen}
            fullscreen={fullscreen}
          />
        )}
      </AppShell.Header>

      <AppShell.Navbar className={classes.navbar} data-testid="sidebar">
        <ScrollArea className={classes.navScroll} p={collapsed ? "xs" : "sm"}>
          <NavList
            tabs={nav.tabs}
            currentArea={nav.currentArea}
            currentSub={nav.currentSub}
            collapsed={collapsed}
            loading={nav.loading}
            onTab={onTab}
            onSubTab={onSubTab}
          />
        </ScrollArea>
        <Group className={classes.navFooter} gap={4} justify={collapsed ? "center" : "flex-end"}>
          <Tooltip label={t(collapsed ? "navigation:sidebar.expand" : "navigation:sidebar.collapse")} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t(collapsed ? "navigation:sidebar.expand" : "navigation:sidebar.collapse")}
              onClick={() => updatePreferences(toggledSidebar(sidebar))}
              data-testid="sidebar-toggle"
            >
              {collapsed ? <IconLayoutSidebarLeftExpand size={18} aria-hidden /> : <IconLayoutSidebarLeftCollapse size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t("navigation:sidebar.hide")} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t("navigation:sidebar.hide")}
              onClick={() => updatePreferences({ sidebarBehavior: "hidden" })}
              data-testid="sidebar-hide"
            >
              <IconEyeOff size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </AppShell.Navbar>

      <AppShell.Main>
        <Box className={classes.notice}>
          <ConnectionNotice />
        </Box>
        <Box className={classes.content}>{children}</Box>
        <LaundromatSelectionHost />
      </AppShell.Main>

      {sidebar === "hidden" && !compact ? (
        <Tooltip label={t("navigation:sidebar.show")} position="right" withArrow>
          <ActionIcon
            className={classes.showSidebar}
            size="xl"
            variant="filled"
            aria-label={t("navigation:sidebar.show")}
            onClick={() => updatePreferences({ sidebarBehavior: "expanded", sidebarCollapsed: false })}
            data-testid="sidebar-show"
          >
            <IconLayoutSidebarRightExpand size={22} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}

      {isMobile ? (
        <Box className={classes.mobileNavBar} data-testid="mobile-nav-bar">
          <Button
            leftSection={<IconMenu2 size={18} aria-hidden />}
            onClick={() => setDrawerOpen(true)}
            size="md"
            radius="xl"
            data-testid="mobile-nav-button"
            aria-expanded={drawerOpen}
          >
            {t("navigation:drawer.open")}
          </Button>
          <CompanySwitcher variant="bar" />
          <NotificationBell variant="bar" />
        </Box>
      ) : null}

      <Drawer
        opened={drawerOpen && compact}
        onClose={() => setDrawerOpen(false)}
        position="left"
        size={MOBILE_DRAWER_WIDTH}
        styles={{ content: { flex: `0 0 ${MOBILE_DRAWER_WIDTH}`, maxWidth: MOBILE_DRAWER_WIDTH } }}
        title={
          <Group gap="xs">
            <IconWashMachine size={20} aria-hidden />
            <Text fw={800}>{t("appName")}</Text>
            <Badge variant="light" color="gray" size="xs">
              {APP_VERSION}
            </Badge>
          </Group>
        }
        closeButtonProps={{ "aria-label": t("actions.close") }}
        lockScroll
        data-testid="mobile-drawer"
      >
        <MobileDrawerBody
          user={localPart}
          role={companyRole}
          globalRole={user?.globalRole ?? null}
          nav={<NavList tabs={nav.tabs} currentArea={nav.currentArea} currentSub={nav.currentSub} loading={nav.loading} onTab={onTab} onSubTab={onSubTab} />}
          onFullscreen={() => {
            setDrawerOpen(false);
            fullscreen.toggle();
          }}
        />
      </Drawer>

      {fullscreen.active ? (
        <Button
          className={classes.exitFullscreen}
          variant="default"
          leftSection={<IconMinimize size={16} aria-hidden />}
          onClick={fullscreen.toggle}
          data-testid="exit-fullscreen"
        >
          {t("display.exitFullscreen")}
        </Button>
      ) : null}
    </AppShell>
  );
}

interface DesktopHeaderProps {
  isLoading: boolean;
  localPart: string | null;
  email: string | null;
  companyRole: string | null;
  globalRole: string | null;
  /** Opens the navigation drawer on a tablet (the sidebar is the drawer below 1024 px); null on a desktop. */
  onOpenDrawer: (() => void) | null;
  drawerOpen: boolean;
  fullscreen: { active: boolean; toggle: () => void };
}

/** Spec section 2's desktop header, with the company the screens belong to (issue 34). */
function DesktopHeader({ isLoading, localPart, email, companyRole, globalRole, onOpenDrawer, drawerOpen, fullscreen }: DesktopHeaderProps) {
  const { t } = useTranslation(["common", "navigation"]);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="xs" wrap="nowrap" className={classes.brand}>
        {onOpenDrawer ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={onOpenDrawer}
            aria-label={t("navigation:drawer.open")}
            aria-expanded={drawerOpen}
            data-testid="nav-drawer-button"
          >
            <IconMenu2 size={20} aria-hidden />
          </ActionIcon>
        ) : null}
        <ThemeIcon size="lg" variant="gradient" gradient={{ from: "cyan.6", to: "blue.6", deg: 135 }}>
          <IconWashMachine size={20} aria-hidden />
        </ThemeIcon>
        <Text fw={800} size="lg" component="span" className={classes.brandName}>
          {t("appName")}
        </Text>
        <Badge variant="light" color="gray" size="sm" aria-label={t("versionLabel", { version: APP_VERSION })} data-testid="app-version">
          {APP_VERSION}
        </Badge>
      </Group>

      <Box className={classes.clock}>
        <HeaderClock />
      </Box>

      <Group gap="xs" wrap="nowrap" className={classes.controls}>
        <CompanySwitcher />
        <NotificationBell />
        <Group gap={6} wrap="nowrap" visibleFrom="md">
          {isLoading ? (
            <Loader size="xs" aria-label={t("loading")} />
          ) : localPart ? (
            <Tooltip label={email} withArrow>
              <Text size="sm" fw={500} maw={160} truncate="end" data-testid="header-user">
                {localPart}
              </Text>
            </Tooltip>
          ) : null}
          {companyRole ? (
            <Badge variant="light" size="sm" data-testid="header-company-role">
              {t(`roles.${companyRole}`, { defaultValue: companyRole })}
            </Badge>
          ) : null}
          {globalRole ? (
            <Badge variant="light" color="grape" size="sm" data-testid="header-global-role">
              {t(`roles.${globalRole}`, { defaultValue: globalRole })}
            </Badge>
          ) : null}
        </Group>
        <LanguageToggle />
        <AppMenu fullscreen={fullscreen.active} onToggleFullscreen={fullscreen.toggle} />
        <SignOutButton />
      </Group>
    </Group>
  );
}

function MobileDrawerBody({
  user,
  role,
  globalRole,
  nav,
  onFullscreen,
}: {
  user: string | null;
  role: string | null;
  globalRole: string | null;
  nav: ReactNode;
  onFullscreen: () => void;
}) {
  const { t } = useTranslation("common");
  const confirmSignOut = useConfirmSignOut();
  return (
    <Stack gap="md">
      {user ? (
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {user}
          </Text>
          {role ? (
            <Badge size="xs" variant="light">
              {t(`roles.${role}`, { defaultValue: role })}
            </Badge>
          ) : null}
          {globalRole ? (
            <Badge size="xs" variant="light" color="grape">
              {t(`roles.${globalRole}`, { defaultValue: globalRole })}
            </Badge>
          ) : null}
        </Group>
      ) : null}
      {nav}
      <Stack gap="sm" pt="sm" style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}>
        <Group justify="space-between">
          <Text size="sm" fw={500}>
            {t("language.label")}
          </Text>
          <LanguageToggle />
        </Group>
        <ThemeChoiceControl />
        <ScaleControls />
        <Button variant="default" onClick={onFullscreen}>
          {t("display.enterFullscreen")}
        </Button>
        <Button variant="light" color="red" onClick={confirmSignOut}>
          {t("signOut.button")}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The app's fullscreen mode: hides the header; uses the browser's fullscreen where allowed. */
function useFullscreen(): { active: boolean; toggle: () => void } {
  const [active, setActive] = useState(false);
  const activeRef = useRef(false);
  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement && activeRef.current) {
        activeRef.current = false;
        setActive(false);
      }
    };
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);
  const toggle = useCallback(() => {
    const next = !activeRef.current;
    activeRef.current = next;
    setActive(next);
    if (next && document.fullscreenEnabled && !document.fullscreenElement) {
      document.documentElement.requestFullscreen().catch((error: unknown) => console.warn("Browser fullscreen was refused", error));
    } else if (!next && document.fullscreenElement) {
      document.exitFullscreen().catch((error: unknown) => console.warn("Leaving browser fullscreen failed", error));
    }
  }, []);
  return { active, toggle };
}
