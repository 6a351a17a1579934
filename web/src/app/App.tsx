import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { AuthProvider } from "../lib/auth";
import { queryClient } from "../lib/client";
import i18n from "../lib/i18n";
import { NOTICE_MS } from "../lib/notify";
import { ErrorBoundary } from "../ui/ErrorBoundary";
import { LoadingState } from "../ui/Loading";
import { themeStorageManager } from "../lib/colorScheme";
import { ErrorFallbackPage } from "./ErrorFallbackPage";
import { router } from "./router";
import { theme } from "./theme";

const colorSchemeManager = themeStorageManager();

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <Notifications position="top-right" autoClose={NOTICE_MS} limit={5} zIndex={1000} />
      <I18nextProvider i18n={i18n}>
        <ErrorBoundary fallback={(error) => <ErrorFallbackPage error={error} />}>
          <QueryClientProvider client={queryClient}>
            <AuthProvider>
              <ModalsProvider modalProps={{ centered: true }}>
                <Suspense fallback={<LoadingState fullPage />}>
                  <RouterProvider router={router} />
                </Suspense>
              </ModalsProvider>
            </AuthProvider>
          </QueryClientProvider>
        </ErrorBoundary>
      </I18nextProvider>
    </MantineProvider>
  );
}
