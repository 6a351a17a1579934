import { Accordion, Badge, Button, Drawer, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconFileTypePdf, IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_TIME_ZONE } from "@tumble/domain/businessDate";
import { twoPersonReason } from "../../../lib/twoPerson";
import { WithReason } from "../../../ui/WithReason";
import { dayLabel, hoursText, instantLabel, money, rangeLabel, timeAt } from "../parts/format";
import type { PayLine } from "../parts/types";

export interface EmployeeDrawerProps {
  line: PayLine | undefined;
  opened: boolean;
  zoneOf: (storeId: string) => string | undefined;
  canAdjust: boolean;
  /** The caller's own line: someone else adjusts it (decision 0060). */
  ownLine?: boolean;
  downloading: boolean;
  onClose: () => void;
  onStatement: (line: PayLine) => void;
  onAdjust: (line: PayLine) => void;
}

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ whiteSpace: "nowrap" }}>
        {value}
      </Text>
    </Group>
  );
}

/** One employee's line: how the gross is made, each workweek's overtime, and each day down to its entries. */
export function EmployeeDrawer({ line, opened, zoneOf, canAdjust, ownLine = false, downloading, onClose, onStatement, onAdjust }: EmployeeDrawerProps) {
  const { t } = useTranslation("payroll");
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={isPhone ? "100%" : "lg"}
      title={line?.name ?? t("line.title")}
      closeButtonProps={{ "aria-label": t("close") }}
    >
      {!line ? (
        <Text c="dimmed">{t("line.notInPeriod")}</Text>
      ) : (
        <Stack gap="md" data-testid="pay-line" data-employee={line.name}>
          <Group gap="xs">
            <Button variant="default" leftSection={<IconFileTypePdf size={16} aria-hidden />} loading={downloading} onClick={() => onStatement(line)}>
              {t("actions.statement")}
            </Button>
            {canAdjust ? (
              <WithReason reason={ownLine ? twoPersonReason("ownAdjustment") : null} testId="line-adjust-reason">
                <Button
                  variant="default"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => onAdjust(line)}
                  disabled={ownLine}
                  data-testid="line-adjust"
                >
                  {t("actions.adjust")}
                </Button>
              </WithReason>
            ) : null}
          </Group>

          <Stack gap={4}>
            <Title order={3} size="h5">
              {t("line.pay")}
            </Title>
            <Figure
              label={t("line.regular", { hours: hoursText(line.regularMinutes + line.overtimeMinutes + line.doubleMinutes) })}
              value={money(line.regularCents)}
            />
            {line.overtimeMinutes > 0 || line.overtimeCents > 0 ? (
              <Figure label={t("line.overtimePremium", { hours: hoursText(line.overtimeMinutes) })} value={money(line.overtimeCents)} />
            ) : null}
            {line.doubleMinutes > 0 || line.doubleCents > 0 ? (
              <Figure label={t("line.doublePremium", { hours: hoursText(line.doubleMinutes) })} value={money(line.doubleCents)} />
            ) : null}
            {line.bonusPremiumCents ? (
              <Figure
                label={t("line.bonusPremium", { hours: hoursText(line.overtimeMinutes + line.doubleMinutes) })}
                value={money(line.bonusPremiumCents)}
                testId="line-bonus-premium"
              />
            ) : null}
            {line.salaryCents > 0 ? <Figure label={t("line.salary")} value={money(line.salaryCents)} /> : null}
            {line.adjustments.map((a) => (
              <Figure
                key={a.id}
                label={`${t(`adjustmentKinds.${a.kind}`)} · ${a.reason}${a.coversFrom && a.coversTo ? ` (${t("line.covers", { from: dayLabel(a.coversFrom), to: dayLabel(a.coversTo) })})` : ""}`}
                value={a.kind === "deduction" ? money(-a.amountCents) : money(a.amountCents)}
                testId="line-adjustment"
              />
            ))}
            {(line.priorPeriods ?? []).map((p) => (
              <Figure
                key={p.periodId}
                label={t("line.priorPeriod", {
                  from: dayLabel(p.startsOn),
                  to: dayLabel(p.endsOn),
                  hours: hoursText(p.regularMinutes + p.overtimeMinutes + p.doubleMinutes),
                  overtime: hoursText(p.overtimeMinutes + p.doubleMinutes),
                })}
                value={money(p.grossCents)}
                testId="line-prior-period"
              />
            ))}
            <Figure label={t("line.gross")} value={<strong>{money(line.grossCents)}</strong>} testId="line-gross" />
            <Text size="xs" c="dimmed">
              {t("line.howOvertime")}
            </Text>
          </Stack>

          {line.jobs?.length ? (
            <Stack gap={4} data-testid="line-jobs">
              <Title order={3} size="h5">
                {t("line.jobs")}
              </Title>
              {line.jobs.map((j) => (
                <Figure
                  key={j.jobId ?? ""}
                  label={`${j.title ?? t("line.mainJob")} · ${t("line.hours", { hours: hoursText(j.minutes) })}`}
                  value={money(j.straightCents + j.salaryCents)}
                  testId="line-job"
                />
              ))}
              <Text size="xs" c="dimmed">
                {t("line.jobsNote")}
              </Text>
            </Stack>
          ) : null}

          {line.datesWithoutRate.length > 0 ? (
            <Text size="sm" c="orange" role="status">
              {t("line.noRate", { dates: line.datesWithoutRate.map(dayLabel).join(", ") })}
            </Text>
          ) : null}

          {line.workweeks.length > 0 ? (
            <Stack gap={4}>
              <Title order={3} size="h5">
                {t("line.workweeks")}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                {line.workweeks.map((w) => (
                  <Stack
                    key={w.startsOn}
                    gap={0}
                    p="xs"
                    style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: 8 }}
                    data-testid="line-workweek"
                  >
                    <Group justify="space-between" gap={4}>
                      <Text size="sm" fw={600}>
                        {rangeLabel(w.startsOn, w.endsOn)}
                      </Text>
                      {w.paidInPeriod ? null : (
                        <Badge size="xs" variant="outline" color="gray">
                          {t("line.paidNext")}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t("line.weekHours", {
                        hours: hoursText(w.minutes),
                        overtime: hoursText(w.overtimeMinutes),
                        double: hoursText(w.doubleMinutes),
                      })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t("line.weekRate", { rate: money(w.regularRateCents), premium: money(w.premiumCents) })}
                    </Text>
                  </Stack>
                ))}
              </SimpleGrid>
            </Stack>
          ) : null}

          <Stack gap={4}>
            <Title order={3} size="h5">
              {t("line.days")}
            </Title>
            {line.days.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("line.noDays")}
              </Text>
            ) : (
              <Accordion variant="separated" multiple chevronPosition="left">
                {line.days.map((d) => {
                  const zone = zoneOf(d.storeId) ?? DEFAULT_TIME_ZONE;
                  const key = `${d.date}|${d.storeId}|${d.jobId ?? ""}|${d.rateCents ?? ""}`;
                  const job = line.jobs?.find((j) => j.jobId === (d.jobId ?? null));
                  return (
                    <Accordion.Item key={key} value={key} data-testid="line-day" data-date={d.date}>
                      <Accordion.Control>
                        <Group justify="space-between" gap="xs" wrap="nowrap">
                          <Stack gap={0} miw={0}>
                            <Text size="sm" fw={600}>
                              {dayLabel(d.date)}
                            </Text>
                            <Text size="xs" c="dimmed" lineClamp={2}>
                              {d.storeName}
                              {job ? ` · ${job.title ?? t("line.mainJob")}` : ""} ·{" "}
                              {d.rateCents === null ? t("line.noRateShort") : t("line.rate", { rate: money(d.rateCents) })}
                            </Text>
                          </Stack>
                          <Stack gap={0} align="flex-end">
                            <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                              {t("line.hours", { hours: hoursText(d.minutes) })}
                            </Text>
                            {d.overtimeMinutes + d.doubleMinutes > 0 ? (
                              <Text size="xs" c="orange" style={{ whiteSpace: "nowrap" }}>
                                {t("line.dayOvertime", { hours: hoursText(d.overtimeMinutes + d.doubleMinutes) })}
                              </Text>
                            ) : null}
                          </Stack>
                        </Group>
                      </Accordion.Control>
                      <Accordion.Panel>
                        <Table fz="sm" verticalSpacing={4}>
                          <Table.Thead>
                            <Table.Tr>
                              <Table.Th>{t("line.clockIn")}</Table.Th>
                              <Table.Th>{t("line.clockOut")}</Table.Th>
                              <Table.Th ta="right">{t("line.break")}</Table.Th>
                              <Table.Th ta="right">{t("line.worked")}</Table.Th>
                            </Table.Tr>
                          </Table.Thead>
                          <Table.Tbody>
                            {d.entries.map((e) => (
                              <Table.Tr key={e.entryId} data-testid="line-entry">
                                <Table.Td>{timeAt(e.clockInAt, zone)}</Table.Td>
                                <Table.Td>{timeAt(e.clockOutAt, zone)}</Table.Td>
                                <Table.Td ta="right">{t("line.minutes", { count: e.breakMinutes })}</Table.Td>
                                <Table.Td ta="right">{hoursText(e.minutes)}</Table.Td>
                              </Table.Tr>
                            ))}
                          </Table.Tbody>
                        </Table>
                        <Text size="xs" c="dimmed" mt={4}>
                          {t("line.straight", { amount: money(d.straightCents) })}
                        </Text>
                      </Accordion.Panel>
                    </Accordion.Item>
                  );
                })}
              </Accordion>
            )}
          </Stack>

          {line.adjustments.length > 0 ? (
            <Stack gap={4}>
              <Title order={3} size="h5">
                {t("line.adjustments")}
              </Title>
              {line.adjustments.map((a) => (
                <Text key={a.id} size="xs" c="dimmed">
                  {t("line.adjustedBy", { kind: t(`adjustmentKinds.${a.kind}`), by: a.createdByName ?? t("someone"), when: instantLabel(a.createdAt) })}
                </Text>
              ))}
            </Stack>
          ) : null}
        </Stack>
      )}
    </Drawer>
  );
}
