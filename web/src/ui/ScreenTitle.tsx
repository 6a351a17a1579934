import { Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A screen's heading (its one h1) and the dimmed line under it that says what the screen is for. */
export function ScreenTitle({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      {subtitle ? (
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      ) : null}
    </div>
  );
}
