import { Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { formatClock } from "@tumble/domain/dateFormat";

// Spec section 2: a 24-hour en-US clock with seconds hidden, refreshed every 60 s (every 1 s when
// seconds are shown). Ticks are aligned to the minute (or second) boundary.

export function HeaderClock({ showSeconds = false }: { showSeconds?: boolean }) {
  const [now, setNow] = useState(() => new Date());
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
      {formatClock(now.getTime(), undefined, showSeconds)}
    </Text>
  );
}
