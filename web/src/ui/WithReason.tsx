import { Tooltip } from "@mantine/core";
import type { ReactElement } from "react";

/**
 * A control that is disabled here, with the reason: a tooltip on hover, keyboard focus and touch
 * (a disabled button gets no pointer events, so a focusable wrapper carries it). Without a reason
 * the control is shown as it is.
 */
export function WithReason({ reason, children, testId }: { reason: string | null | undefined; children: ReactElement; testId?: string }) {
  if (!reason) return children;
  return (
    <Tooltip label={reason} multiline w={260} withArrow events={{ hover: true, focus: true, touch: true }}>
      <span tabIndex={0} aria-label={reason} data-reason={reason} data-testid={testId} style={{ display: "inline-block", maxWidth: "100%" }}>
        {children}
      </span>
    </Tooltip>
  );
}
