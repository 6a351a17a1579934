import { ActionIcon, Badge, Box, Group, Stack, Table, Text, Tooltip, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconAlertTriangle, IconGripVertical, IconPlus } from "@tabler/icons-react";
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { formatUSD } from "@tumble/domain/money";
import { conflictText } from "./messages";
import { OPEN_ROW, type Cell, type Conflict, type ShiftItem, type WeekData } from "./types";
import { dayLabel } from "../../../lib/dayLabel";

// The week as a table: a row per person who works at the store, an open-shifts row,
// a column per day, and the labour forecast under it. A shift moves by dragging it to another
// cell, or from the keyboard: its grip picks it up (Enter or Space), the arrow keys choose the
// cell, Enter or Space puts it down and Escape cancels.

const DRAG_TYPE = "application/x-tumble-shift";

interface Props {
  data: WeekData;
  days: string[];
  storeName: (id: string) => string;
  onCreate: (cell: Cell) => void;
  onEdit: (shift: ShiftItem) => void;
  onMove: (shift: ShiftItem, cell: Cell) => void;
}

export function WeekGrid({ data, days, storeName, onCreate, onEdit, onMove }: Props) {
  const { t } = useTranslation("scheduling");
  const locale = t("locale");
  const rows: Array<{ id: string; name: string; sub: string | null }> = [
    { id: OPEN_ROW, name: t("grid.openShifts"), sub: null },
    ...data.employees.map((e) => ({ id: e._id, name: e.name, sub: e.worksHere ? e.position : t("grid.notAtStore") })),
  ];
  const conflictsOf = new Map<string, Conflict[]>();
  for (const c of data.conflicts) conflictsOf.set(c.shiftId, [...(conflictsOf.get(c.shiftId) ?? []), c]);
  const [moving, setMoving] = useState<{ shift: ShiftItem; row: number; col: number } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const gripRefs = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    if (refocus.current) gripRefs.current.get(refocus.current)?.focus();
    refocus.current = null;
  });

  const cellKey = (row: string, date: string) => `${row}|${date}`;
  const rowName = (i: number) => rows[i]!.name;

  const drop = (shift: ShiftItem, rowId: string, date: string) => {
    const employeeId = rowId === OPEN_ROW ? null : rowId;
    if (employeeId === shift.employeeId && date === shift.date) return;
    onMove(shift, { employeeId, date });
  };

  const onGripKey = (e: KeyboardEvent<HTMLButtonElement>, shift: ShiftItem) => {
    const rowIndex = rows.findIndex((r) => r.id === (shift.employeeId ?? OPEN_ROW));
    const colIndex = days.indexOf(shift.date);
    if (!moving || moving.shift._id !== shift._id) {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        setMoving({ shift, row: rowIndex, col: colIndex });
        setAnnouncement(t("grid.pickedUp", { name: rowName(rowIndex), day: dayLabel(shift.date, locale, true) }));
      }
      return;
    }
    const move = (dr: number, dc: number) => {
      e.preventDefault();
      const row = Math.min(rows.length - 1, Math.max(0, moving.row + dr));
      const col = Math.min(days.length - 1, Math.max(0, moving.col + dc));
      setMoving({ ...moving, row, col });
      setAnnouncement(t("grid.over", { name: rowName(row), day: dayLabel(days[col]!, locale, true) }));
    };
    if (e.key === "ArrowUp") move(-1, 0);
    else if (e.key === "ArrowDown") move(1, 0);
    else if (e.key === "ArrowLeft") move(0, -1);
    else if (e.key === "ArrowRight") move(0, 1);
    else if (e.key === "Escape") {
      e.preventDefault();
      setMoving(null);
      setAnnouncement(t("grid.cancelled"));
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      setMoving(null);
      setAnnouncement(t("grid.dropped", { name: rowName(moving.row), day: dayLabel(days[moving.col]!, locale, true) }));
      refocus.current = shift._id;
      drop(shift, rows[moving.row]!.id, days[moving.col]!);
    }
  };

  const onDragStart = (e: DragEvent, shift: ShiftItem) => {
    e.dataTransfer.setData(DRAG_TYPE, shift._id);
    e.dataTransfer.setData("text/plain", shift._id);
    e.dataTransfer.effectAllowed = "move";
  };
  const onDrop = (e: DragEvent, rowId: string, date: string) => {
    e.preventDefault();
    setDropTarget(null);
    const id = e.dataTransfer.getData(DRAG_TYPE) || e.dataTransfer.getData("text/plain");
    const shift = data.shifts.find((s) => s._id === id);
    if (shift) drop(shift, rowId, date);
  };

  const timeOffOn = (employeeId: string, date: string) => data.timeOff.some((o) => o.employeeId === employeeId && o.fromDate <= date && o.toDate >= date);
  const forecastOf = new Map(data.forecast.map((f) => [f.date, f]));

  return (
    <Box style={{ overflowX: "auto" }}>
      <VisuallyHidden aria-live="assertive" role="status" data-testid="grid-announcement">
        {announcement}
      </VisuallyHidden>
      <Table withTableBorder withColumnBorders layout="fixed" miw={days.length > 1 ? 960 : undefined} data-testid="schedule-grid" aria-label={t("grid.label")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={days.length > 1 ? 160 : 130}>{t("grid.employee")}</Table.Th>
            {days.map((d) => (
              <Table.Th key={d}>{dayLabel(d, locale)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, ri) => (
            <Table.Tr key={row.id} data-testid={`row-${row.id}`}>
              <Table.Th scope="row" style={{ verticalAlign: "top" }}>
                <Text size="sm" fw={600} lineClamp={2}>
                  {row.name}
                </Text>
                {row.sub ? (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {row.sub}
                  </Text>
                ) : null}
              </Table.Th>
              {days.map((date, ci) => {
                const key = cellKey(row.id, date);
                const here = data.shifts.filter((s) => (s.employeeId ?? OPEN_ROW) === row.id && s.date === date);
                const targeted = moving !== null && moving.row === ri && moving.col === ci;
                return (
                  <Table.Td
                    key={key}
                    data-testid={`cell-${row.id}-${date}`}
                    onDragOver={(e) => {
                      e.preventDefault();
                      e.dataTransfer.dropEffect = "move";
                      if (dropTarget !== key) setDropTarget(key);
                    }}
                    onDragLeave={() => setDropTarget((k) => (k === key ? null : k))}
                    onDrop={(e) => onDrop(e, row.id, date)}
                    style={{
                      verticalAlign: "top",
                      padding: 4,
                      background: targeted || dropTarget === key ? "var(--mantine-color-blue-light)" : undefined,
                      outline: targeted ? "2px solid var(--mantine-color-blue-filled)" : undefined,
                    }}
                  >
                    <Stack gap={4}>
                      {row.id !== OPEN_ROW && timeOffOn(row.id, date) ? (
                        <Badge size="xs" color="gray" variant="light" data-testid="time-off">
                          {t("grid.timeOff")}
                        </Badge>
                      ) : null}
                      {here.map((s) => (
                        <ShiftChip
                          key={s._id}
                          shift={s}
                          conflicts={conflictsOf.get(s._id) ?? []}
                          storeName={storeName}
                          moving={moving?.shift._id === s._id}
                          gripRef={(el) => {
                            if (el) gripRefs.current.set(s._id, el);
                            else gripRefs.current.delete(s._id);
                          }}
                          onEdit={() => onEdit(s)}
                          onDragStart={(e) => onDragStart(e, s)}
                          onGripKey={(e) => onGripKey(e, s)}
                          onGripBlur={() => {
                            if (moving?.shift._id === s._id) setMoving(null);
                          }}
                        />
                      ))}
                      <Tooltip label={t("grid.add")} openDelay={400}>
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          aria-label={t("grid.addFor", { name: row.name, day: dayLabel(date, locale, true) })}
                          onClick={() => onCreate({ employeeId: row.id === OPEN_ROW ? null : row.id, date })}
                          data-testid={`add-${row.id}-${date}`}
                        >
                          <IconPlus size={14} />
                        </ActionIcon>
                      </Tooltip>
                    </Stack>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="forecast-row">
            <Table.Th scope="row" style={{ verticalAlign: "top" }}>
              <Text size="sm" fw={600}>
                {t("forecast.title")}
              </Text>
              <Text size="xs" c="dimmed">
                {t("forecast.legend")}
              </Text>
            </Table.Th>
            {days.map((d) => {
              const f = forecastOf.get(d);
              return (
                <Table.Td key={d} style={{ verticalAlign: "top" }} data-testid={`forecast-${d}`}>
                  {f ? (
                    <Stack gap={0}>
                      <Text size="xs">{t("forecast.hours", { hours: f.hours })}</Text>
                      <Text size="xs" data-testid="forecast-cost">
                        {t("forecast.cost", { amount: formatUSD(f.costCents) })}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t("forecast.average", { amount: formatUSD(f.averageCollectionsCents) })}
                      </Text>
                      <Text size="xs" fw={600} c={f.laborShare !== null && f.laborShare > 0.35 ? "red" : undefined}>
                        {f.laborShare === null ? t("forecast.noShare") : t("forecast.share", { percent: Math.round(f.laborShare * 100) })}
                      </Text>
                    </Stack>
                  ) : null}
                </Table.Td>
              );
            })}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Box>
  );
}

function ShiftChip({
  shift,
  conflicts,
  storeName,
  moving,
  gripRef,
  onEdit,
  onDragStart,
  onGripKey,
  onGripBlur,
}: {
  shift: ShiftItem;
  conflicts: Conflict[];
  storeName: (id: string) => string;
  moving: boolean;
  gripRef: (el: HTMLButtonElement | null) => void;
  onEdit: () => void;
  onDragStart: (e: DragEvent) => void;
  onGripKey: (e: KeyboardEvent<HTMLButtonElement>) => void;
  onGripBlur: () => void;
}) {
  const { t } = useTranslation("scheduling");
  const flagged = conflicts.length > 0;
  const color = flagged ? "red" : shift.status === "published" ? "teal" : "blue";
  const label = `${shift.start}–${shift.end}`;
  return (
    <Box
      draggable
      onDragStart={onDragStart}
      data-testid="shift"
      data-shift-id={shift._id}
      data-status={shift.status}
      data-conflicts={conflicts.map((c) => c.kind).join(" ")}
      style={{
        border: `1px ${shift.status === "draft" ? "dashed" : "solid"} var(--mantine-color-${color}-filled)`,
        borderRadius: 6,
        background: `var(--mantine-color-${color}-light)`,
        opacity: moving ? 0.6 : 1,
        cursor: "grab",
      }}
    >
      <Group gap={2} wrap="nowrap" align="flex-start">
        <ActionIcon
          ref={gripRef}
          variant="transparent"
          size="sm"
          color="gray"
          aria-label={t("grid.move", { time: label })}
          aria-pressed={moving}
          onKeyDown={onGripKey}
          onBlur={onGripBlur}
          data-testid="shift-grip"
        >
          <IconGripVertical size={14} />
        </ActionIcon>
        <UnstyledButton onClick={onEdit} style={{ flex: 1, minWidth: 0, padding: "2px 4px 2px 0" }} aria-label={t("grid.edit", { time: label })}>
          <Text size="xs" fw={600} style={{ whiteSpace: "nowrap" }}>
            {label}
          </Text>
          {shift.position ? (
            <Text size="xs" truncate="end">
              {shift.position}
            </Text>
          ) : null}
          <Group gap={4} wrap="nowrap">
            <Text size="10px" fs="italic">
              {shift.status === "published" ? t("status.published") : shift.changedSincePublish ? t("status.changed") : t("status.draft")}
            </Text>
            {flagged ? (
              <Tooltip label={conflicts.map((c) => conflictText(t, c, storeName)).join(" · ")} multiline w={240}>
                <IconAlertTriangle size={12} color="var(--mantine-color-red-filled)" aria-label={t("grid.hasConflicts", { count: conflicts.length })} />
              </Tooltip>
            ) : null}
          </Group>
        </UnstyledButton>
      </Group>
    </Box>
  );
}
