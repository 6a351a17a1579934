import { createRootRoute, createRoute, createRouter, Navigate, Outlet, redirect } from "@tanstack/react-router";
import { FALLBACK_PATH } from "@tumble/domain/routes";
import { useAuth } from "../lib/auth";
import { validateAppSearch } from "../lib/searchParams";
import { lazyScreen } from "../ui/lazyScreen";
import { LoadingState } from "../ui/Loading";
import { AreaScreen } from "./AreaScreen";
import { pathTarget } from "../lib/pathTarget";
import { AppLayout } from "./shell/AppLayout";

// Signed out, every protected path shows the sign-in screen in place; signed in, every path is
// resolved by the route table (AreaScreen), "/" and unknown paths going to the profile.

export const DEFAULT_PATH = FALLBACK_PATH;

const SignInScreen = lazyScreen("screens.signIn", () => import("../features/auth/SignInScreen"));

function RootLayout() {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <LoadingState fullPage />;
  if (!isAuthenticated) return <SignInScreen />;
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}

const rootRoute = createRootRoute({ component: RootLayout });
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  beforeLoad: () => {
    throw redirect({ ...pathTarget(DEFAULT_PATH), replace: true });
  },
});
// Every screen's view state (filters, sort, page, open row, tab) is in the search params; each
// screen reads its own through a typed schema (lib/searchParams.ts).
const areaRoute = createRoute({ getParentRoute: () => rootRoute, path: "$", component: AreaScreen, validateSearch: validateAppSearch });

export const router = createRouter({
  routeTree: rootRoute.addChildren([indexRoute, areaRoute]),
  defaultPendingMinMs: 0,
  scrollRestoration: true,
  defaultNotFoundComponent: () => <Navigate {...pathTarget(DEFAULT_PATH)} replace />,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
