import { Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A form's refusal under its fields, announced to screen readers; nothing when there is none. */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Text c="red" size="sm" role="alert">
      {children}
    </Text>
  );
}
