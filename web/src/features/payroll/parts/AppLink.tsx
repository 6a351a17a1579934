import { Anchor, type AnchorProps } from "@mantine/core";
import { createLink } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { pathTarget } from "../../../lib/pathTarget";

const RouterAnchor = createLink(Anchor);

/** A link to another screen with its view in the search params (a period, the open employee, a queue's range). */
export function AppLink({
  to,
  search,
  children,
  testId,
  ...props
}: AnchorProps & { to: string; search?: Record<string, string>; children: ReactNode; testId?: string }) {
  return (
    <RouterAnchor {...pathTarget(to)} search={search ?? {}} data-testid={testId} {...props}>
      {children}
    </RouterAnchor>
  );
}
