import { Card, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A chart under its title. With `label` the chart is one image to assistive technology, named by
 * the label (which lists what it draws); with `empty` the text stands in its place.
 */
export function ChartCard({
  title,
  children,
  testId,
  label,
  empty,
  order = 2,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  label?: string;
  empty?: string | null;
  order?: 2 | 3;
}) {
  const chart = label ? (
    <div role="img" aria-label={label} data-testid={testId}>
      {children}
    </div>
  ) : (
    children
  );
  return (
    <Card withBorder radius="md" p="md" data-testid={label ? undefined : testId}>
      <Title order={order} size="h5" mb="sm">
        {title}
      </Title>
      {empty ? (
        <Text size="sm" c="dimmed" py="lg" ta="center" data-testid={testId ? `${testId}-empty` : undefined}>
          {empty}
        </Text>
      ) : (
        chart
      )}
    </Card>
  );
}
