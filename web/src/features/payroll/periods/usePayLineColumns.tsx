import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { centsToDollarString } from "@tumble/domain/money";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { DataColumn } from "../../../ui/table/types";
import { hoursText, money } from "../parts/format";
import type { PayLine } from "../parts/types";

const net = (l: PayLine) => l.adjustments.reduce((s, a) => s + (a.kind === "deduction" ? -a.amountCents : a.amountCents), 0);

/** The pay lines' columns: hours by kind, adjustments, gross and the statement button. */
export function usePayLineColumns(periodId: string, busy: string | null, statement: (line: PayLine) => void) {
  const { t } = useTranslation("payroll");
  return useMemo<DataColumn<PayLine>[]>(
    () => [
      {
        id: "employee",
        header: t("columns.employee"),
        card: "title",
        cell: (l) => (
          <Stack gap={0}>
            <Group gap={6} wrap="nowrap">
              <Text fw={600} size="sm">
                {l.name}
              </Text>
              {l.finalPay ? (
                <Badge size="sm" color="grape" variant="light" tt="none" data-testid="final-pay">
                  {t("detail.finalPay")}
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {[l.position, l.payType ? t(`payTypes.${l.payType}`) : null].filter(Boolean).join(" · ")}
            </Text>
          </Stack>
        ),
        sortValue: (l) => l.name,
      },
      {
        id: "regular",
        header: t("columns.regularHours"),
        cell: (l) => hoursText(l.regularMinutes),
        sortValue: (l) => l.regularMinutes,
        csv: (l) => hoursText(l.regularMinutes),
        align: "right",
      },
      {
        id: "overtime",
        header: t("columns.overtimeHours"),
        cell: (l) => hoursText(l.overtimeMinutes),
        sortValue: (l) => l.overtimeMinutes,
        csv: (l) => hoursText(l.overtimeMinutes),
        align: "right",
      },
      {
        id: "double",
        header: t("columns.doubleHours"),
        cell: (l) => hoursText(l.doubleMinutes),
        sortValue: (l) => l.doubleMinutes,
        csv: (l) => hoursText(l.doubleMinutes),
        align: "right",
      },
      {
        id: "adjustments",
        header: t("columns.adjustments"),
        cell: (l) => (l.adjustments.length ? money(net(l)) : "—"),
        sortValue: net,
        csv: (l) => centsToDollarString(net(l)),
        align: "right",
      },
      {
        id: "gross",
        header: t("columns.gross"),
        card: "aside",
        cell: (l) => (
          <Text fw={700} inherit style={{ whiteSpace: "nowrap" }} data-testid="line-gross-cell">
            {money(l.grossCents)}
          </Text>
        ),
        sortValue: (l) => l.grossCents,
        csv: (l) => centsToDollarString(l.grossCents),
        align: "right",
      },
      {
        id: "actions",
        header: t("columns.actions"),
        hideable: false,
        card: "footer",
        cell: (l) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconFileTypePdf size={14} aria-hidden />}
              loading={busy === `statement-${l.employeeId}`}
              aria-label={t("actions.statementOf", { name: l.name })}
              onClick={(e) => {
                e.stopPropagation();
                statement(l);
              }}
            >
              {t("actions.statementShort")}
            </Button>
          </Group>
        ),
      },
    ],
    // statement closes over the period id only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, busy, periodId],
  );
}
