import { Alert, Badge, Button, Group, Menu, Modal, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconChevronLeft, IconChevronRight, IconCopy, IconSend, IconTemplate } from "@tabler/icons-react";
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
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { conflictText, schedulingError } from "./messages";
import { ShiftModal, type ShiftDraft } from "./ShiftModal";
import { dayLabel } from "../../../lib/dayLabel";
import { WeekGrid } from "./WeekGrid";
import { DayTimeline } from "./DayTimeline";
import type { Conflict, ShiftItem } from "./types";
import { groupConflicts, type ConflictGroup } from "@tumble/domain/scheduling";

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
  const templates = useQuery(api.shifts.listTemplates, storeId ? { storeId } : "skip");
  const update = useMutation(api.shifts.update);
  const copyWeek = useMutation(api.shifts.copyWeek);
  const publish = useMutation(api.shifts.publish);
  const saveTemplate = useMutation(api.shifts.saveTemplate);
  const applyTemplate = useMutation(api.shifts.applyTemplate);
  const removeTemplate = useMutation(api.shifts.removeTemplate);
  const [draft, setDraft] = useState<ShiftDraft | null>(null);
  const [publishing, setPublishing] = useState<Conflict[] | null>(null);
  const [reason, setReason] = useState("");
  const [naming, setNaming] = useState(false);
  const [templateName, setTemplateName] = useState("");
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
  const conflictColumns: DataColumn<ConflictGroup & { _key: string }>[] = [
    {
      id: "employee",
      header: t("conflicts.employee"),
      cell: (c) => data?.employees.find((e) => e._id === c.employeeId)?.name ?? "",
      sortValue: (c) => data?.employees.find((e) => e._id === c.employeeId)?.name ?? "",
      card: "title",
    },
    {
      id: "shift",
      header: t("conflicts.shift"),
      cell: (c) => shiftsText(c.shiftIds),
      sortValue: (c) => Math.min(...c.shiftIds.map((id) => data?.shifts.find((x) => x._id === id)?.startsAt ?? 0)),
    },
    { id: "problem", header: t("conflicts.problem"), cell: (c) => conflictText(t, c, storeName), sortValue: (c) => c.kind },
  ];

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
            <Group gap="xs" wrap="wrap">
              <Button
                variant="default"
                leftSection={<IconCopy size={16} />}
                disabled={busy || !data}
                onClick={() =>
                  run(async () => {
                    const r = await copyWeek({ storeId: storeId!, weekStart: data!.weekStart });
                    notifySuccess(t("messages.copied", { count: r.copied }));
                  })
                }
                data-testid="copy-week"
              >
                {t("toolbar.copyLastWeek")}
              </Button>
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button variant="default" leftSection={<IconTemplate size={16} />} disabled={!data} data-testid="templates">
                    {t("toolbar.templates")}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => setNaming(true)} data-testid="template-save">
                    {t("templates.save")}
                  </Menu.Item>
                  {(templates ?? []).length ? <Menu.Label>{t("templates.apply")}</Menu.Label> : null}
                  {(templates ?? []).map((tp) => (
                    <Menu.Item
                      key={tp._id}
                      onClick={() =>
                        run(async () => {
                          const r = await applyTemplate({ templateId: tp._id, weekStart: data!.weekStart });
                          notifySuccess(t("messages.copied", { count: r.copied }));
                        })
                      }
                    >
                      {t("templates.item", { name: tp.name, count: tp.shiftCount })}
                    </Menu.Item>
                  ))}
                  {(templates ?? []).length ? <Menu.Label>{t("templates.remove")}</Menu.Label> : null}
                  {(templates ?? []).map((tp) => (
                    <Menu.Item
                      key={`remove-${tp._id}`}
                      color="red"
                      onClick={() =>
                        run(async () => {
                          await removeTemplate({ templateId: tp._id });
                          notifySuccess(t("messages.templateRemoved"));
                        })
                      }
                    >
                      {tp.name}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              <Button
                leftSection={<IconSend size={16} />}
                disabled={busy || !data || data.unpublishedCount === 0}
                onClick={() => void doPublish()}
                data-testid="publish"
              >
                {t("toolbar.publish")}
              </Button>
            </Group>
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
          {data && data.conflicts.length ? (
            <DataTable
              tableId="scheduling.conflicts"
              caption={t("conflicts.title")}
              columns={conflictColumns}
              data={groups.map((c, i) => ({ ...c, _key: `${c.employeeId}-${c.kind}-${i}` }))}
              getRowId={(c) => c._key}
              rowName={(c) => conflictText(t, c, storeName)}
              emptyText={t("conflicts.none")}
              testId="conflicts-table"
            />
          ) : null}
        </>
      )}
      {storeId && data ? <ShiftModal draft={draft} storeId={storeId} people={data.employees} days={data.days} onClose={() => setDraft(null)} /> : null}
      <Modal opened={publishing !== null} onClose={() => setPublishing(null)} title={t("publish.title")} closeButtonProps={{ "aria-label": t("form.close") }}>
        <Stack gap="sm">
          <Text size="sm">{t("publish.blocked", { count: groupConflicts(publishing ?? []).length })}</Text>
          <Stack gap={2} component="ul" style={{ paddingLeft: 20, margin: 0 }}>
            {groupConflicts(publishing ?? []).map((c, i) => (
              <Text component="li" size="sm" key={i}>
                {data?.employees.find((e) => e._id === c.employeeId)?.name}: {conflictText(t, c, storeName)} ({shiftsText(c.shiftIds)})
              </Text>
            ))}
          </Stack>
          <Textarea
            label={t("publish.reason")}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            data-testid="override-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPublishing(null)}>
              {t("form.cancel")}
            </Button>
            <Button color="red" disabled={!reason.trim() || busy} onClick={() => void doPublish(reason.trim())} data-testid="publish-override">
              {t("publish.override")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={naming} onClose={() => setNaming(false)} title={t("templates.save")} closeButtonProps={{ "aria-label": t("form.close") }}>
        <Stack gap="sm">
          <TextInput
            label={t("templates.name")}
            value={templateName}
            onChange={(e) => setTemplateName(e.currentTarget.value)}
            maxLength={80}
            data-testid="template-name"
          />
          <Group justify="flex-end">
            <Button
              disabled={!templateName.trim() || busy}
              onClick={() =>
                run(async () => {
                  await saveTemplate({ storeId: storeId!, weekStart: data!.weekStart, name: templateName.trim() });
                  notifySuccess(t("messages.templateSaved"));
                  setNaming(false);
                  setTemplateName("");
                })
              }
              data-testid="template-name-save"
            >
              {t("form.save")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
