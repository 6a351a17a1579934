import { Text } from "@mantine/core";
import { useEffect, useState } from "react";

// 24-hour clock, en-US, seconds hidden: refreshed on each minute boundary.
const format = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

const untilNextMinute = (at: Date) => 60_000 - (at.getSeconds() * 1000 + at.getMilliseconds());

export function HeaderClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = new Date();
      setNow(current);
      timer = setTimeout(tick, untilNextMinute(current));
    };
    timer = setTimeout(tick, untilNextMinute(new Date()));
    return () => clearTimeout(timer);
  }, []);
  return (
    <Text component="time" dateTime={now.toISOString()} fw={600} size="sm" ff="monospace">
      {format.format(now)}
    </Text>
  );
}
