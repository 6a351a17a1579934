import { Text } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";

// Spec section 2: a 24-hour en-US clock with seconds hidden, refreshed every 60 s (every 1 s when
// seconds are shown). Ticks are aligned to the minute (or second) boundary.

export function HeaderClock({ showSeconds = false }: { showSeconds?: boolean }) {
  const [now, setNow] = useState(() => new Date());
  const format = useMemo(
    () => new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", ...(showSeconds ? { second: "2-digit" } : {}), hourCycle: "h23" }),
    [showSeconds],
  );
  useEffect(() => {
    const period = showSeconds ? 1000 : 60_000;
    const untilNext = (at: Date) => period - ((showSeconds ? 0 : at.getSeconds() * 1000) + at.getMilliseconds());
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = new Date();
      setNow(current);
      timer = setTimeout(tick, untilNext(current));
    };
    timer = setTimeout(tick, untilNext(new Date()));
    return () => clearTimeout(timer);
  }, [showSeconds]);
  return (
    <Text component="time" dateTime={now.toISOString()} fw={600} size="sm" ff="monospace" data-testid="header-clock">
      {format.format(now)}
    </Text>
  );
}
