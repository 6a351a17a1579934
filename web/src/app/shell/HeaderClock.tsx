import { Text } from "@mantine/core";
import { useEffect, useState } from "react";

// 24-hour clock, en-US, seconds hidden: refreshed on each minute boundary.
const format = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

export function HeaderClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = new Date();
      setNow(current);
      timer = setTimeout(tick, 60_000 - (current.getSeconds() * 1000 + current.getMilliseconds()));
    };
    timer = setTimeout(tick, 60_000 - (now.getSeconds() * 1000 + now.getMilliseconds()));
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Text component="time" dateTime={now.toISOString()} fw={600} size="sm" ff="monospace" aria-live="off">
      {format.format(now)}
    </Text>
  );
}
