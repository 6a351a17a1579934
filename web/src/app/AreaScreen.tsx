import { Alert, Center } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { Navigate, useLocation } from "@tanstack/react-router";
import { createElement, Suspense, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { permissionsInCompany, type Permissions } from "@tumble/domain/permissions";
import { ACCESS_GATES, FALLBACK_PATH, gateAllows, gateFlag, resolveRoute, visibleSubScreens, type Area } from "@tumble/domain/routes";
import { api } from "../lib/api";
import { useQuery } from "../lib/hooks";
import { notify } from "../lib/notify";
import { AccessDenied, useAccessDeniedMessage, type AccessDeniedProps } from "../ui/AccessDenied";
import { LoadingState } from "../ui/Loading";
import { pathTarget } from "../lib/pathTarget";
import { screenFor } from "./screens";

// Resolves the location by the route table of packages/domain and guards it by permission
// (docs/decisions/0069-the-spec-contract.md). An area the user may not enter at all (none of its
// screens is permitted) redirects to the profile with the 'Access Denied' toast (spec section 4,
// route guard); a screen denied inside an area the user may enter shows the 'Access Denied' panel
// of spec section 6 in place (the address stays, so a shared link says why).

const PROMPT_KEYS: Record<string, string> = {
  "employee-management": "prompts.employeeManagement",
  payroll: "prompts.payroll",
  marketing: "prompts.marketing",
};

/** Section 6's fixed messages for the screens that have one; the others say which permission is missing. */
function denial(area: Area, subScreen: string, permissions: Permissions): AccessDeniedProps | null {
  const gates = ACCESS_GATES[area];
  const gate = !gateAllows(gates.route, permissions)
    ? gates.route
    : !gateAllows(gates.subScreens[subScreen] ?? gates.route, permissions)
      ? gates.subScreens[subScreen]!
      : null;
  if (!gate) return null;
  if (area === "system-admin") return { reason: "systemAdmin" };
  if (area === "laundromat" && subScreen === "admin-collections" && gate === "isAdmin") return { reason: "adminCollections" };
  if (area === "company" && subScreen === "email-templates") return { reason: "emailTemplates" };
  if (area === "company" && subScreen === "email-dashboard") return { reason: "emailDashboard" };
  return { flag: gateFlag(gate) };
}

export function AreaScreen() {
  const { pathname } = useLocation();
  const { t } = useTranslation("navigation");
  const role = useQuery(api.auth.getUserCompanyRole);
  const resolution = resolveRoute(pathname);

  if (resolution.kind === "redirect") return <Navigate {...pathTarget(resolution.to)} replace />;
  if (resolution.kind === "prompt") return <Notice text={t(PROMPT_KEYS[resolution.area] ?? "notBuilt")} />;
  if (!role) return <LoadingState />;
  // Company screens need an active company, even for a system admin (the server refuses them without one).
  const permissions = permissionsInCompany(role.permissions, role.companyId);
  const denied = denial(resolution.area, resolution.subScreen, permissions);
  if (denied && visibleSubScreens(resolution.area, permissions).length === 0) return <DeniedArea {...denied} />;
  if (denied) return <AccessDenied {...denied} />;
  const screen = screenFor(resolution.area, resolution.subScreen);
  // Every sub-screen of the route table has its screen (app/screens.test.ts).
  if (!screen) return <Notice text={t("notBuilt")} />;
  // The screens are made once at start-up (app/screens.ts), not during render.
  return createElement(screen, { key: pathname });
}

/** Leaves an area the user may not enter for the fallback, saying why in the 'Access Denied' toast. */
function DeniedArea(props: AccessDeniedProps) {
  const { t } = useTranslation("admin");
  const message = useAccessDeniedMessage(props);
  const title = t("accessDenied.title");
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    // The toast translates itself: the user's saved language may be applied after it opens.
    notify(
      "error",
      <Suspense fallback={message}>
        <DeniedMessage {...props} />
      </Suspense>,
      {
        title: (
          <Suspense fallback={title}>
            <DeniedTitle />
          </Suspense>
        ),
      },
    );
  }, [props, message, title]);
  return <Navigate {...pathTarget(FALLBACK_PATH)} replace />;
}

function DeniedTitle() {
  return <>{useTranslation("admin").t("accessDenied.title")}</>;
}

function DeniedMessage(props: AccessDeniedProps) {
  return <>{useAccessDeniedMessage(props)}</>;
}

function Notice({ text }: { text: string }) {
  return (
    <Center p="xl">
      <Alert variant="light" icon={<IconInfoCircle aria-hidden />} maw={560} w="100%">
        {text}
      </Alert>
    </Center>
  );
}
