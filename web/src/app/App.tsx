import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { Suspense, useMemo, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { api } from "../lib/api";
import { AuthProvider } from "../lib/auth";
import { queryClient } from "../lib/client";
import { themeStorageManager } from "../lib/colorScheme";
import { useQueryState } from "../lib/hooks";
import i18n from "../lib/i18n";
import { useDensity } from "../lib/preferences";
import { NOTICE_MS, TOAST_LIMIT, TOAST_POSITION } from "../lib/notify";
import { ErrorBoundary } from "../ui/ErrorBoundary";
import { LoadingState } from "../ui/Loading";
import { ErrorFallbackPage } from "./ErrorFallbackPage";
import { router } from "./router";
import { cssVariablesResolver, themeFromConfig } from "./theme";

const colorSchemeManager = themeStorageManager();

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
              <ModalsProvider modalProps={{ centered: true }}>
                <Suspense fallback={<LoadingState fullPage />}>
                  <RouterProvider router={router} />
                </Suspense>
              </ModalsProvider>
            </ErrorBoundary>
          </ThemedProvider>
        </AuthProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
