import { Collapse, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { useId, type ReactNode } from "react";
import classes from "./reconciliation.module.css";

interface Props {
  /** The sign shown before the label: "+", "−", "±", "=" or nothing. */
  sign?: string;
  label: string;
  hint?: ReactNode;
  /** Badges under the label (short, over, beyond threshold). */
  badges?: ReactNode;
  amount: ReactNode;
  /** A total line (expected closing, counted closing). */
  strong?: boolean;
  /** With a drill-down: whether it is open, and what to toggle. */
  open?: boolean;
  onToggle?: () => void;
  children?: ReactNode;
  testId: string;
}

/** One line of the reconciliation statement; a figure with entries opens to show them. */
export function StatementRow({ sign, label, hint, badges, amount, strong, open = false, onToggle, children, testId }: Props) {
  const panelId = useId();
  const body = (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
      <Group gap="xs" wrap="nowrap" align="flex-start" miw={0}>
        <Text component="span" w={16} ta="center" fw={700} c="dimmed" aria-hidden className={classes.sign}>
          {sign}
        </Text>
        <Stack gap={0} miw={0}>
          <Text fw={strong ? 700 : 600} size={strong ? "md" : "sm"}>
            {label}
          </Text>
          {hint ? (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          ) : null}
          {badges ? (
            <Group gap={6} mt={4}>
              {badges}
            </Group>
          ) : null}
        </Stack>
      </Group>
      <Group gap={4} wrap="nowrap">
        <Text fw={strong ? 800 : 600} size={strong ? "md" : "sm"} className={classes.amount} data-testid={`${testId}-amount`}>
          {amount}
        </Text>
        {onToggle ? (
          <IconChevronRight size={16} aria-hidden className={classes.chevron} data-open={open || undefined} />
        ) : (
          <span className={classes.chevronSpace} />
        )}
      </Group>
    </Group>
  );
  return (
    <div className={classes.row} data-strong={strong || undefined} data-testid={testId}>
      {onToggle ? (
        <UnstyledButton className={classes.toggle} onClick={onToggle} aria-expanded={open} aria-controls={panelId} w="100%">
          {body}
        </UnstyledButton>
      ) : (
        <div className={classes.static}>{body}</div>
      )}
      {onToggle ? (
        <Collapse expanded={open} id={panelId}>
          {open ? <div className={classes.drill}>{children}</div> : null}
        </Collapse>
      ) : null}
    </div>
  );
}
