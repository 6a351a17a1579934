import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useMemo, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { api } from "../lib/api";
import { AuthProvider, useAuth } from "../lib/auth";
import { queryClient } from "../lib/client";
import { themeStorageManager } from "../lib/colorScheme";
import { useQueryState } from "../lib/hooks";
import i18n from "../lib/i18n";
import { KIOSK_PATH, onKioskPath, readKioskDevice, watchKioskDevice } from "../features/kiosk/kioskDevice";
import { useDensity } from "../lib/preferences";
import { NOTICE_MS, TOAST_LIMIT, TOAST_POSITION } from "../lib/notify";
import { ErrorBoundary } from "../ui/ErrorBoundary";
import { LoadingState } from "../ui/Loading";
import { ErrorFallbackPage } from "./ErrorFallbackPage";
import { lazyScreen } from "../ui/lazyScreen";
import { cssVariablesResolver, themeFromConfig } from "../lib/theme";

const colorSchemeManager = themeStorageManager();

// Signed out, only the sign-in screen loads; the router, shell and screens come after sign-in
// (docs/decisions/0022). The router still guards every path itself.
const SignInScreen = lazyScreen("screens.signIn", () => import("../features/auth/SignInScreen"));
const SignedInApp = lazy(() => import("./SignedInApp"));
// The store kiosk (/kiosk) is a page of its own, signed in or not (docs/decisions/0029). A browser
// that is a kiosk shows nothing else on any path: no staff app, no sign-in screen, until a manager
// takes it out of kiosk mode on the kiosk page (issue 31; main.tsx moves it to /kiosk).
const KioskApp = lazy(() => import("../features/kiosk/KioskApp"));

/** Starts fetching the signed-in app early when a stored session will most likely resume. */
export function preloadSignedInApp(): void {
  void import("./SignedInApp");
}

function Root() {
  const { isLoading, isAuthenticated } = useAuth();
  // Another tab turned this browser into a kiosk: this one becomes the kiosk too.
  useEffect(
    () =>
      watchKioskDevice((isKiosk) => {
        if (isKiosk && !onKioskPath()) window.location.replace(KIOSK_PATH);
      }),
    [],
  );
  if (onKioskPath() || readKioskDevice()) return <KioskApp />;
  if (isLoading) return <LoadingState fullPage />;
  if (!isAuthenticated) return <SignInScreen />;
  return <SignedInApp />;
}

/** Mantine, themed by the signed-in user's active theme (the built-in look until it arrives). */
function ThemedProvider({ children }: { children: ReactNode }) {
  const { data: active } = useQueryState(api.themes.queries.getActiveTheme);
  const density = useDensity();
  const mantineTheme = useMemo(() => themeFromConfig(active?.config, { density }), [active?.config, density]);
  return (
    <MantineProvider theme={mantineTheme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <Notifications position={TOAST_POSITION} autoClose={NOTICE_MS} limit={TOAST_LIMIT} zIndex={1000} />
      {children}
    </MantineProvider>
  );
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <ThemedProvider>
            <ErrorBoundary fallback={(error) => <ErrorFallbackPage error={error} />}>
              <Suspense fallback={<LoadingState fullPage />}>
                <Root />
              </Suspense>
            </ErrorBoundary>
          </ThemedProvider>
        </AuthProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
