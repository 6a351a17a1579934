import { Alert, Loader } from "@mantine/core";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { connection } from "../../lib/client";

/** A drop shorter than this (a server restart, a network blip) reconnects without a word. */
export const CONNECTION_NOTICE_DELAY_MS = 3_000;

/** A notice under the header while the live connection is down: what is shown may be out of date. */
export function ConnectionNotice() {
  const { t } = useTranslation("common");
  const open = useSyncExternalStore(connection.subscribe, connection.get);
  // The outage the delay has run out for; the notice shows while that same outage lasts.
  const [lateDrop, setLateDrop] = useState(-1);
  useEffect(() => {
    if (open !== false) return;
    const drop = connection.drops();
    const timer = setTimeout(() => setLateDrop(drop), CONNECTION_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);
  const show = open === false && lateDrop === connection.drops();
  if (!show) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      radius={0}
      py={6}
      icon={<Loader size={14} color="yellow" aria-hidden />}
      role="status"
      data-testid="connection-notice"
    >
      {t("connection.reconnecting")}
    </Alert>
  );
}
