import { Alert, Button, Center, Group, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconRefresh } from "@tabler/icons-react";
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactElement } from "react";
import { useTranslation } from "react-i18next";
import { queryClient } from "../lib/client";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { ErrorBoundary } from "./ErrorBoundary";
import { LoadingState } from "./Loading";

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * A screen loaded on first use. While loading it shows "Loading ..."; if the code or the screen
 * fails, a "Failed to load {component}" panel whose Retry imports the code again.
 * `nameKey` is the translation key of the screen's name.
 */
export function lazyScreen(nameKey: string, load: Loader): () => ReactElement {
  let current: LazyExoticComponent<ComponentType> = lazy(load);

  function LazyScreen() {
    const [attempt, setAttempt] = useState(0);
    const Screen = current;
    const retry = () => {
      current = lazy(load);
      // Queries that failed are fetched afresh by the remounted screen.
      void queryClient.resetQueries({ predicate: (query) => query.state.status === "error" });
      setAttempt((n) => n + 1);
    };
    return (
      <ErrorBoundary resetKey={attempt} fallback={(error) => <LoadFailed nameKey={nameKey} error={error} onRetry={retry} />}>
        <Suspense fallback={<LoadingState />}>
          <Screen />
        </Suspense>
      </ErrorBoundary>
    );
  }
  LazyScreen.displayName = `LazyScreen(${nameKey})`;
  return LazyScreen;
}

/** The browser could not download a screen's code (offline, or the app was updated meanwhile). */
export function isCodeLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Loading (CSS )?chunk|module script/i.test(message);
}

function LoadFailed({ nameKey, error, onRetry }: { nameKey: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation("common", { useSuspense: false });
  const component = t(nameKey);
  const codeFailure = isCodeLoadFailure(error);
  return (
    <Center p="md" mih={240}>
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title={t("errors.failedToLoad", { component })}
        maw={520}
        w="100%"
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm" data-testid="load-failed-reason">
            {codeFailure ? t("errors.codeNotLoaded") : extractErrorMessage(error, t("errors.unexpected"))}
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
              {t("actions.retry")}
            </Button>
            {codeFailure ? (
              // A new version replaced the old code files: only loading the page afresh finds them.
              <Button size="xs" variant="subtle" color="red" onClick={() => window.location.reload()}>
                {t("actions.reloadPage")}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Alert>
    </Center>
  );
}
