import { Alert, Badge, Button, Group, SegmentedControl, Select, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { todayIn } from "@tumble/domain/businessDate";
import { addDays } from "@tumble/domain/datePresets";
import { api } from "../../../lib/api";
import { useMutation, useQuery, useQueryState } from "../../../lib/hooks";
import { notifyError, notifySuccess, notifyWarning } from "../../../lib/notify";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { LoadingState } from "../../../ui/Loading";
import { schedulingError } from "./messages";
import { ShiftModal, type ShiftDraft } from "./ShiftModal";
import { dayLabel } from "../../../lib/dayLabel";
import { WeekGrid } from "./WeekGrid";
import { DayTimeline } from "./DayTimeline";
import type { Conflict, ShiftItem } from "./types";
import { groupConflicts } from "@tumble/domain/scheduling";
import { ConflictsTable } from "./ConflictsTable";
import { PublishOverrideModal } from "./PublishOverrideModal";
import { TemplateNameModal } from "./TemplateNameModal";
import { WeekActions } from "./WeekActions";

interface SchedulingSearch {
  store: string;
  week: string;
  view: "week" | "day";
  day: string;
}
const SEARCH: SearchSchema<SchedulingSearch> = {
  store: param.text(64),
  week: param.isoDate(),
  view: param.oneOf(["week", "day"] as const),
  day: param.isoDate(),
};

/** /employee-management/scheduling: a store's week of shifts (or one day's, as a timeline), built, checked and published. */
export function SchedulingScreen() {
  const { t } = useTranslation("scheduling");
  const [search, setSearch] = useSearchState(SEARCH);
  const phone = useMediaQuery("(max-width: 48em)") ?? false;
  const stores = useQuery(api.stores.listAll);
  const active = (stores ?? []).filter((s) => s.isActive);
  const storeId = search.store && active.some((s) => s._id === search.store) ? search.store : active[0]?._id;
  const store = active.find((s) => s._id === storeId);
  const anchor = search.week ?? (store ? todayIn(store.timeZone) : undefined);
  const week = useQueryState(api.shifts.listWeek, storeId && anchor ? { storeId, weekStart: anchor } : "skip");
  const data = week.data;
  const update = useMutation(api.shifts.update);
  const publish = useMutation(api.shifts.publish);
  const [draft, setDraft] = useState<ShiftDraft | null>(null);
  const [publishing, setPublishing] = useState<Conflict[] | null>(null);
  const [reason, setReason] = useState("");
  const [naming, setNaming] = useState(false);
  const [busy, setBusy] = useState(false);

  const storeName = useMemo(() => {
    const names = new Map((stores ?? []).map((s) => [s._id, s.name]));
    return (id: string) => names.get(id) ?? "";
  }, [stores]);

  const dayView = phone || search.view === "day";
  const days = data
    ? dayView
      ? [data.days.includes(search.day ?? "") ? search.day! : (data.days.find((d) => d === todayIn(data.store.timeZone)) ?? data.days[0]!)]
      : data.days
    : [];

  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    try {
      await task();
    } catch (e) {
      notifyError(schedulingError(t, e));
    } finally {
      setBusy(false);
    }
  };

  const move = (shift: ShiftItem, cell: { employeeId: string | null; date: string }) =>
    run(async () => {
      const r = await update({ shiftId: shift._id, employeeId: cell.employeeId, date: cell.date });
      if (r.conflicts.length) notifyWarning(t("messages.movedWithConflicts", { count: r.conflicts.length }));
      else notifySuccess(t("messages.moved"));
    });

  const doPublish = (overrideReason?: string) =>
    run(async () => {
      if (!data || !storeId) return;
      const r = await publish({ storeId, weekStart: data.weekStart, ...(overrideReason ? { overrideReason } : {}) });
      if (r.published === 0 && r.conflicts.length) {
        setPublishing(r.conflicts);
        return;
      }
      setPublishing(null);
      setReason("");
      notifySuccess(t("messages.published", { count: r.published }));
    });

  // One line per person and rule with the shifts it touches: a week over the limit would otherwise list every shift past it.
  const groups = groupConflicts(data?.conflicts ?? []);
  const shiftsText = (ids: string[]) =>
    ids
      .map((id) => data?.shifts.find((x) => x._id === id))
      .filter((s): s is NonNullable<typeof s> => Boolean(s))
      .sort((a, b) => a.startsAt - b.startsAt)
      .map((s) => `${dayLabel(s.date, t("locale"))} ${s.start}–${s.end}`)
      .join(", ");

  if (stores === undefined) return <LoadingState />;
  return (
    <Stack gap="md">
      <ScreenTitle title={t("title")} />
      {active.length === 0 ? (
        <Text>{t("noStores")}</Text>
      ) : (
        <>
          <Group gap="sm" wrap="wrap" align="flex-end">
            <Select
              label={t("toolbar.store")}
              data={active.map((s) => ({ value: s._id, label: s.name }))}
              value={storeId ?? null}
              onChange={(v) => v && setSearch({ store: v, day: undefined })}
              allowDeselect={false}
              w={phone ? "100%" : 220}
              data-testid="schedule-store"
            />
            <Group gap={4} wrap="nowrap">
              <Button
                variant="default"
                aria-label={t("toolbar.previousWeek")}
                onClick={() => data && setSearch({ week: addDays(data.weekStart, -7), day: undefined })}
                data-testid="week-prev"
              >
                <IconChevronLeft size={16} />
              </Button>
              <Button variant="default" onClick={() => setSearch({ week: undefined, day: undefined })} data-testid="week-today">
                {t("toolbar.thisWeek")}
              </Button>
              <Button
                variant="default"
                aria-label={t("toolbar.nextWeek")}
                onClick={() => data && setSearch({ week: addDays(data.weekStart, 7), day: undefined })}
                data-testid="week-next"
              >
                <IconChevronRight size={16} />
              </Button>
            </Group>
            {!phone ? (
              <SegmentedControl
                value={dayView ? "day" : "week"}
                onChange={(v) => setSearch({ view: v === "day" ? "day" : undefined })}
                data={[
                  { value: "week", label: t("toolbar.week") },
                  { value: "day", label: t("toolbar.day") },
                ]}
                aria-label={t("toolbar.view")}
              />
            ) : null}
            <WeekActions storeId={storeId} data={data} busy={busy} run={run} onSaveTemplate={() => setNaming(true)} onPublish={() => void doPublish()} />
          </Group>
          {data ? (
            <Group gap="xs">
              <Text fw={600} data-testid="week-label">
                {t("weekOf", { date: dayLabel(data.weekStart, t("locale"), true) })}
              </Text>
              {data.unpublishedCount ? (
                <Badge color="blue" variant="light" data-testid="unpublished-count">
                  {t("unpublished", { count: data.unpublishedCount })}
                </Badge>
              ) : (
                <Badge color="teal" variant="light">
                  {data.lastPublishedAt ? t("allPublished") : t("empty")}
                </Badge>
              )}
              {data.conflicts.length ? (
                <Badge color="red" variant="light" data-testid="conflict-count">
                  {t("conflictCount", { count: groups.length })}
                </Badge>
              ) : null}
            </Group>
          ) : null}
          {dayView && data ? (
            <SegmentedControl
              fullWidth
              size="xs"
              value={days[0]}
              onChange={(v) => setSearch({ view: phone ? search.view : "day", day: v })}
              data={data.days.map((d) => ({ value: d, label: dayLabel(d, t("locale")).split(",")[0]! }))}
              aria-label={t("toolbar.day")}
              data-testid="day-picker"
            />
          ) : null}
          {week.error ? <Alert color="red">{schedulingError(t, week.error)}</Alert> : null}
          {!data ? (
            <LoadingState />
          ) : dayView ? (
            <DayTimeline
              data={data}
              day={days[0]!}
              hours={store?.hours ?? null}
              storeName={storeName}
              onCreate={(cell) => setDraft({ shift: null, employeeId: cell.employeeId, date: cell.date })}
              onEdit={(shift) => setDraft({ shift, employeeId: shift.employeeId, date: shift.date })}
            />
          ) : (
            <WeekGrid
              data={data}
              days={days}
              storeName={storeName}
              onCreate={(cell) => setDraft({ shift: null, employeeId: cell.employeeId, date: cell.date })}
              onEdit={(shift) => setDraft({ shift, employeeId: shift.employeeId, date: shift.date })}
              onMove={move}
            />
          )}
          {data && data.conflicts.length ? <ConflictsTable data={data} storeName={storeName} shiftsText={shiftsText} /> : null}
        </>
      )}
      {storeId && data ? <ShiftModal draft={draft} storeId={storeId} people={data.employees} days={data.days} onClose={() => setDraft(null)} /> : null}
      <PublishOverrideModal
        publishing={publishing}
        onClose={() => setPublishing(null)}
        data={data}
        storeName={storeName}
        shiftsText={shiftsText}
        reason={reason}
        onReason={setReason}
        busy={busy}
        onPublish={(overrideReason) => void doPublish(overrideReason)}
      />
      <TemplateNameModal opened={naming} onClose={() => setNaming(false)} storeId={storeId} weekStart={data?.weekStart} busy={busy} run={run} />
    </Stack>
  );
}
