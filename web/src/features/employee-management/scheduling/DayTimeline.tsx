import { ActionIcon, Box, Button, Group, Menu, Table, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { useElementSize, useMediaQuery, useMergedRef } from "@mantine/hooks";
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconPlus } from "@tabler/icons-react";
import { Fragment, useEffect, useRef, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { formatClock, shiftLabel, timeRangeLabel } from "@tumble/domain/dateFormat";
import { formatUSD } from "@tumble/domain/money";
import { dayLabel } from "../../../lib/dayLabel";
import { toSupportedLanguage } from "../../../lib/i18n";
import { conflictText } from "./messages";
import { dayAxis, dayRows, lanes, openingHours, place, wholeDays, type DayAxis } from "./timeline";
import { OPEN_ROW, type Cell, type Conflict, type ShiftItem, type WeekData } from "./types";

// One day as a timeline (issue 31): hours across, a row for the open shifts and one per person
// scheduled that day, each shift a bar at its times in the store's zone (a draft dashed, a shift
// with conflicts red, one crossing midnight clipped with an arrow), approved time off a hatched
// band behind them. A bar opens the shift editor; the names stay in view while a phone scrolls the
// hours sideways inside the box.

const BAR = 40;
const GAP = 4;
const PAD = 6;
const TIME_OFF_STRIP = 16;

interface Props {
  data: WeekData;
  day: string;
  /** The store's opening hours as entered ("6:00-22:00 daily"), when any. */
  hours: string | null;
  storeName: (id: string) => string;
  onCreate: (cell: Cell) => void;
  onEdit: (shift: ShiftItem) => void;
}

export function DayTimeline({ data, day, hours, storeName, onCreate, onEdit }: Props) {
  const { t, i18n } = useTranslation("scheduling");
  const phone = useMediaQuery("(max-width: 48em)") ?? false;
  const language = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language);
  const locale = t("locale");
  const zone = data.store.timeZone;
  const rows = dayRows(day, zone, data.shifts, data.employees);
  const onDay = [...rows.open, ...rows.people.flatMap((r) => r.shifts)];
  const axis = dayAxis(day, zone, openingHours(hours), onDay);
  const conflictsOf = new Map<string, Conflict[]>();
  for (const c of data.conflicts) conflictsOf.set(c.shiftId, [...(conflictsOf.get(c.shiftId) ?? []), c]);
  const timeOffOf = (employeeId: string) => data.timeOff.filter((o) => o.employeeId === employeeId && o.startsAt < axis.dayEnd && o.endsAt > axis.dayStart);
  const scheduled = new Set(rows.people.map((r) => r.person._id));
  const others = data.employees.filter((e) => !scheduled.has(e._id));
  const away = others.filter((e) => timeOffOf(e._id).length > 0);
  const forecast = data.forecast.find((f) => f.date === day);
  const nameWidth = phone ? 116 : 160;
  // The narrowest an hour may be before the box scrolls: wide enough to touch on a phone.
  const hourWidth = phone ? 52 : 30;
  const longDay = dayLabel(day, locale, true);
  const { ref: sizeRef, width: boxWidth } = useElementSize<HTMLDivElement>();
  const scroller = useRef<HTMLDivElement>(null);
  const boxRef = useMergedRef(sizeRef, scroller);
  const perHour = boxWidth ? Math.max(hourWidth, (boxWidth - nameWidth) / axis.hours) : hourWidth;
  // Every hour labelled when "00:00" fits in it, else every other one.
  const labelEvery = perHour < 38 ? 2 : 1;
  const firstStart = Math.min(...onDay.map((s) => place(axis, s)?.left ?? 100), 100);

  // A box narrower than the day (a phone) opens at the first shift; the names stay where they are.
  useEffect(() => {
    const el = scroller.current;
    if (!el || el.scrollWidth <= el.clientWidth || firstStart >= 100) return;
    el.scrollLeft = Math.max(0, (firstStart / 100) * (el.scrollWidth - nameWidth) - 12);
    // Only when the day or store changes, not at every edit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [day, data.store.id, boxWidth > 0]);

  const sticky: CSSProperties = { position: "sticky", left: 0, zIndex: 3, background: "var(--mantine-color-body)", verticalAlign: "top" };
  const table = [
    { id: OPEN_ROW, name: t("grid.openShifts"), sub: null as string | null, shifts: rows.open },
    ...rows.people.map((r) => ({
      id: r.person._id,
      name: r.person.name,
      sub: r.person.worksHere ? r.person.position : t("grid.notAtStore"),
      shifts: r.shifts,
    })),
  ];

  return (
    <Box>
      <Box
        ref={boxRef}
        style={{ overflowX: "auto", border: "1px solid var(--mantine-color-default-border)", borderRadius: "var(--mantine-radius-sm)" }}
        role="region"
        aria-label={t("timeline.label", { day: longDay })}
        data-testid="day-timeline"
      >
        <Table
          layout="fixed"
          miw={nameWidth + axis.hours * hourWidth}
          withRowBorders
          verticalSpacing={0}
          horizontalSpacing={0}
          style={{ borderCollapse: "separate", borderSpacing: 0 }}
        >
          <colgroup>
            <col style={{ width: nameWidth }} />
            <col />
          </colgroup>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ ...sticky, padding: "6px 8px", borderRight: "1px solid var(--mantine-color-default-border)" }}>
                <Text size="xs" fw={600}>
                  {t("grid.employee")}
                </Text>
              </Table.Th>
              <Table.Th style={{ padding: 0, position: "relative", height: 30 }} aria-label={t("timeline.hours")}>
                <HourLabels axis={axis} every={labelEvery} />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {table.map((row) => {
              const off = row.id === OPEN_ROW ? [] : timeOffOf(row.id);
              const lane = lanes(row.shifts);
              const laneCount = Math.max(1, ...lane.map((l) => l + 1));
              const top = PAD + (off.length ? TIME_OFF_STRIP : 0);
              const height = top + laneCount * BAR + (laneCount - 1) * GAP + PAD;
              return (
                <Table.Tr key={row.id} data-testid={`timeline-row-${row.id}`}>
                  <Table.Th scope="row" style={{ ...sticky, padding: "6px 8px", borderRight: "1px solid var(--mantine-color-default-border)" }}>
                    <Group gap={4} wrap="nowrap" align="flex-start" justify="space-between">
                      <Box style={{ minWidth: 0 }}>
                        <Text size="sm" fw={600} lineClamp={2} data-testid="timeline-name">
                          {row.name}
                        </Text>
                        {row.sub ? (
                          <Text size="xs" c="dimmed" lineClamp={1}>
                            {row.sub}
                          </Text>
                        ) : null}
                      </Box>
                      <Tooltip label={t("grid.add")} openDelay={400}>
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          aria-label={t("grid.addFor", { name: row.name, day: longDay })}
                          onClick={() => onCreate({ employeeId: row.id === OPEN_ROW ? null : row.id, date: day })}
                          data-testid={`add-${row.id}-${day}`}
                        >
                          <IconPlus size={14} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Th>
                  <Table.Td style={{ padding: 0, position: "relative", height, verticalAlign: "top" }}>
                    <Track axis={axis} />
                    {off.map((o) => {
                      const p = place(axis, o);
                      if (!p) return null;
                      const range = timeRangeLabel(o.startsAt, o.endsAt, wholeDays(o, zone), zone, language);
                      return (
                        <Box
                          key={o._id}
                          data-testid="time-off"
                          role="img"
                          aria-label={t("timeline.timeOff", { range })}
                          title={t("timeline.timeOff", { range })}
                          style={{
                            position: "absolute",
                            top: 0,
                            bottom: 0,
                            left: `${p.left}%`,
                            width: `${p.width}%`,
                            zIndex: 1,
                            backgroundColor: "var(--mantine-color-gray-light)",
                            backgroundImage: "repeating-linear-gradient(135deg, var(--mantine-color-default-border) 0 2px, transparent 2px 8px)",
                            borderLeft: p.clippedStart ? undefined : "2px solid var(--mantine-color-gray-filled)",
                            borderRight: p.clippedEnd ? undefined : "2px solid var(--mantine-color-gray-filled)",
                          }}
                        >
                          <Text
                            span
                            size="10px"
                            fw={600}
                            px={4}
                            lh={`${TIME_OFF_STRIP - 2}px`}
                            truncate="end"
                            aria-hidden
                            style={{ display: "inline-block", maxWidth: "100%", background: "var(--mantine-color-body)", borderRadius: 3, marginTop: 1 }}
                          >
                            {t("grid.timeOff")}
                          </Text>
                        </Box>
                      );
                    })}
                    {row.shifts.map((s, i) => (
                      <ShiftBar
                        key={s._id}
                        shift={s}
                        axis={axis}
                        top={top + lane[i]! * (BAR + GAP)}
                        who={row.name}
                        store={data.store.name}
                        zone={zone}
                        language={language}
                        conflicts={conflictsOf.get(s._id) ?? []}
                        storeName={storeName}
                        onEdit={() => onEdit(s)}
                      />
                    ))}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Box>
      <Group gap="sm" mt="xs" justify="space-between" align="flex-start" wrap="wrap">
        <Box style={{ minWidth: 0, flex: "1 1 240px" }}>
          {rows.people.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="timeline-empty">
              {t("timeline.nobody")}
            </Text>
          ) : null}
          {away.length ? (
            <Text size="sm" c="dimmed" data-testid="timeline-away">
              {t("timeline.away", { names: away.map((e) => e.name).join(", ") })}
            </Text>
          ) : null}
          {axis.open && (axis.open.left > 0.01 || axis.open.left + axis.open.width < 99.99) ? (
            <Text size="sm" c="dimmed" data-testid="timeline-closed">
              {t("timeline.closed", { hours: `${formatClock(axis.open.from, zone)}–${formatClock(axis.open.to, zone)}` })}
            </Text>
          ) : null}
          {forecast ? (
            <Text size="sm" data-testid={`forecast-${day}`}>
              <Text span fw={600}>
                {t("forecast.title")}:
              </Text>{" "}
              {[
                t("forecast.hours", { hours: forecast.hours }),
                t("forecast.cost", { amount: formatUSD(forecast.costCents) }),
                t("forecast.average", { amount: formatUSD(forecast.averageCollectionsCents) }),
                forecast.laborShare === null ? null : t("forecast.share", { percent: Math.round(forecast.laborShare * 100) }),
              ]
                .filter((x): x is string => x !== null)
                .map((part, i) => (
                  <Fragment key={i}>
                    {i ? " · " : ""}
                    <Text span inherit style={{ whiteSpace: "nowrap" }}>
                      {part}
                    </Text>
                  </Fragment>
                ))}
            </Text>
          ) : null}
        </Box>
        {others.length ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" size="xs" leftSection={<IconPlus size={14} />} data-testid="timeline-add-person">
                {t("timeline.addPerson")}
              </Button>
            </Menu.Target>
            <Menu.Dropdown mah={320} style={{ overflowY: "auto" }}>
              {others.map((e) => (
                <Menu.Item key={e._id} onClick={() => onCreate({ employeeId: e._id, date: day })}>
                  {timeOffOf(e._id).length ? t("timeline.personAway", { name: e.name }) : e.name}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
    </Box>
  );
}

/** Hour labels over the timeline, every `every` hours from the first; the timeline's right edge is not labelled. */
function HourLabels({ axis, every }: { axis: DayAxis; every: number }) {
  return (
    <>
      {axis.ticks.slice(0, -1).map((tick, i) => {
        if (i % every) return null;
        const next = axis.ticks[Math.min(i + every, axis.ticks.length - 1)]!;
        return (
          <Text
            key={tick.at}
            component="span"
            size="11px"
            c="dimmed"
            fw={500}
            style={{
              position: "absolute",
              left: `${tick.left}%`,
              width: `${next.left - tick.left}%`,
              top: 0,
              bottom: 0,
              paddingLeft: 3,
              lineHeight: "30px",
              borderLeft: "1px solid var(--mantine-color-default-border)",
              whiteSpace: "nowrap",
              overflow: "hidden",
            }}
          >
            {tick.label}
          </Text>
        );
      })}
    </>
  );
}

/** The hour lines and the closed hours' shade of one row. */
function Track({ axis }: { axis: DayAxis }) {
  return (
    <Box aria-hidden style={{ position: "absolute", inset: 0, zIndex: 0, pointerEvents: "none" }}>
      {axis.open ? (
        <>
          <Box style={{ position: "absolute", top: 0, bottom: 0, left: 0, width: `${axis.open.left}%`, background: "var(--mantine-color-gray-light)" }} />
          <Box
            style={{
              position: "absolute",
              top: 0,
              bottom: 0,
              left: `${axis.open.left + axis.open.width}%`,
              right: 0,
              background: "var(--mantine-color-gray-light)",
            }}
          />
        </>
      ) : null}
      {axis.ticks.slice(1, -1).map((tick) => (
        <Box
          key={tick.at}
          style={{ position: "absolute", top: 0, bottom: 0, left: `${tick.left}%`, borderLeft: "1px solid var(--mantine-color-default-border)" }}
        />
      ))}
    </Box>
  );
}

function ShiftBar({
  shift,
  axis,
  top,
  who,
  store,
  zone,
  language,
  conflicts,
  storeName,
  onEdit,
}: {
  shift: ShiftItem;
  axis: DayAxis;
  top: number;
  who: string;
  store: string;
  zone: string;
  language: "en" | "es";
  conflicts: Conflict[];
  storeName: (id: string) => string;
  onEdit: () => void;
}) {
  const { t } = useTranslation("scheduling");
  const p = place(axis, shift);
  if (!p) return null;
  const flagged = conflicts.length > 0;
  const color = flagged ? "red" : shift.status === "published" ? "teal" : "blue";
  const draft = shift.status === "draft";
  const time = `${formatClock(shift.startsAt, zone)}–${formatClock(shift.endsAt, zone)}`;
  const status = shift.status === "published" ? t("status.published") : shift.changedSincePublish ? t("status.changed") : t("status.draft");
  const details = [shift.breakMinutes ? t("timeline.break", { minutes: shift.breakMinutes }) : null, shift.position, draft ? status : null].filter(
    (x): x is string => Boolean(x),
  );
  const full = shiftLabel({ storeName: store, timeZone: zone, startsAt: shift.startsAt, endsAt: shift.endsAt }, language);
  const description = [
    full,
    shift.breakMinutes ? t("timeline.break", { minutes: shift.breakMinutes }) : null,
    shift.position,
    status,
    p.clippedStart ? t("timeline.fromDayBefore") : null,
    p.clippedEnd ? t("timeline.toNextDay") : null,
    ...conflicts.map((c) => conflictText(t, c, storeName)),
  ].filter((x): x is string => Boolean(x));
  return (
    <Tooltip label={description.join(" · ")} multiline w={280} openDelay={300} events={{ hover: true, focus: true, touch: false }}>
      <UnstyledButton
        onClick={onEdit}
        aria-label={t("timeline.edit", { name: who, shift: description.join(", ") })}
        data-testid="shift-bar"
        data-shift-id={shift._id}
        data-status={shift.status}
        data-conflicts={conflicts.map((c) => c.kind).join(" ")}
        data-clipped={[p.clippedStart ? "start" : "", p.clippedEnd ? "end" : ""].filter(Boolean).join(" ")}
        style={{
          position: "absolute",
          zIndex: 2,
          top,
          height: BAR,
          left: `calc(${p.left}% + 1px)`,
          width: `calc(${p.width}% - 2px)`,
          minWidth: 6,
          overflow: "hidden",
          padding: "2px 6px",
          borderRadius: 6,
          border: `1px ${draft ? "dashed" : "solid"} var(--mantine-color-${color}-filled)`,
          borderLeftWidth: draft || p.clippedStart ? 1 : 4,
          borderTopLeftRadius: p.clippedStart ? 0 : 6,
          borderBottomLeftRadius: p.clippedStart ? 0 : 6,
          borderTopRightRadius: p.clippedEnd ? 0 : 6,
          borderBottomRightRadius: p.clippedEnd ? 0 : 6,
          // Opaque over the hour lines and the time off.
          background: `linear-gradient(var(--mantine-color-${color}-light), var(--mantine-color-${color}-light)), var(--mantine-color-body)`,
          color: "var(--mantine-color-text)",
        }}
      >
        <Group gap={3} wrap="nowrap" style={{ minWidth: 0 }}>
          {p.clippedStart ? <IconArrowLeft size={12} aria-hidden style={{ flex: "none" }} /> : null}
          <Text size="xs" fw={700} style={{ whiteSpace: "nowrap" }} data-testid="shift-bar-time">
            {time}
          </Text>
          {p.clippedEnd ? <IconArrowRight size={12} aria-hidden style={{ flex: "none" }} /> : null}
          {flagged ? <IconAlertTriangle size={12} color="var(--mantine-color-red-filled)" aria-hidden style={{ flex: "none" }} /> : null}
        </Group>
        <Text size="11px" lh={1.3} truncate="end" fs={draft ? "italic" : undefined}>
          {details.join(" · ") || "\u00a0"}
        </Text>
      </UnstyledButton>
    </Tooltip>
  );
}
