import { createRootRoute, createRoute, createRouter, Navigate, Outlet, redirect } from "@tanstack/react-router";
import { useAuth } from "../lib/auth";
import { lazyScreen } from "../ui/lazyScreen";
import { LoadingState } from "../ui/Loading";
import { AppLayout } from "./shell/AppLayout";

// Code-based route tree. Signed out, every protected path shows the sign-in screen in place;
// signed in, "/" and unknown paths go to the profile.

export const DEFAULT_PATH = "/user/profile";

const SignInScreen = lazyScreen("screens.signIn", () => import("../features/auth/SignInScreen"));
const ProfileScreen = lazyScreen("screens.profile", () => import("../features/user/ProfileScreen"));

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

const toDefault = () => {
  throw redirect({ to: DEFAULT_PATH, replace: true });
};

const rootRoute = createRootRoute({ component: RootLayout });

const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: "/", beforeLoad: toDefault });

const userRoute = createRoute({ getParentRoute: () => rootRoute, path: "user" });
const userIndexRoute = createRoute({ getParentRoute: () => userRoute, path: "/", beforeLoad: toDefault });
const userProfileRoute = createRoute({ getParentRoute: () => userRoute, path: "profile", component: ProfileScreen });

const unknownRoute = createRoute({ getParentRoute: () => rootRoute, path: "$", beforeLoad: toDefault });

const routeTree = rootRoute.addChildren([
  indexRoute,
  userRoute.addChildren([userIndexRoute, userProfileRoute]),
  unknownRoute,
]);

export const router = createRouter({
  routeTree,
  defaultPendingMinMs: 0,
  scrollRestoration: true,
  defaultNotFoundComponent: () => <Navigate to={DEFAULT_PATH} replace />,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
