import { Card, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** One figure of a dashboard: its label, the value (test id `${testId}-value`), a hint or anything beneath. */
export function StatCard({ label, value, hint, testId, children }: { label: string; value: string; hint?: string; testId: string; children?: ReactNode }) {
  return (
    <Card withBorder radius="md" p="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`${testId}-value`}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
      {children}
    </Card>
  );
}
