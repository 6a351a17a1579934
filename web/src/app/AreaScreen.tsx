import { Alert, Center } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { Navigate, useLocation } from "@tanstack/react-router";
import { createElement, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { permissionsInCompany } from "@tumble/domain/permissions";
import { canSeeSubScreen, FALLBACK_PATH, resolveRoute } from "@tumble/domain/routes";
import { api } from "../lib/api";
import { useQuery } from "../lib/hooks";
import { notifyError } from "../lib/notify";
import { LoadingState } from "../ui/Loading";
import { pathTarget } from "./pathTarget";
import { screenFor } from "./screens";

// Resolves the location by the route table of packages/domain and guards it by permission:
// a screen the user may not see redirects to the profile with an 'Access Denied' toast.

const PROMPT_KEYS: Record<string, string> = {
  "employee-management": "prompts.employeeManagement",
  payroll: "prompts.payroll",
  marketing: "prompts.marketing",
};

export function AreaScreen() {
  const { pathname } = useLocation();
  const { t } = useTranslation("navigation");
  const role = useQuery(api.auth.getUserCompanyRole);
  const resolution = resolveRoute(pathname);

  if (resolution.kind === "redirect") return <Navigate {...pathTarget(resolution.to)} replace />;
  if (resolution.kind === "prompt") return <Notice text={t(PROMPT_KEYS[resolution.area] ?? "notBuilt")} />;
  if (!role) return <LoadingState />;
  // Company screens need an active company, even for a system admin (the server refuses them without one).
  if (!canSeeSubScreen(resolution.area, resolution.subScreen, permissionsInCompany(role.permissions, role.companyId))) return <AccessDeniedRedirect />;
  const screen = screenFor(resolution.area, resolution.subScreen);
  if (!screen) return <Notice text={t("notBuilt")} />;
  // The screens are made once at start-up (app/screens.ts), not during render.
  return createElement(screen, { key: pathname });
}

function AccessDeniedRedirect() {
  const { t } = useTranslation("navigation");
  useEffect(() => {
    notifyError(t("accessDenied"), { autoClose: 5000 });
  }, [t]);
  return <Navigate {...pathTarget(FALLBACK_PATH)} replace />;
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
