import { Alert, Badge, Button, Card, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconCloudOff, IconCloudCheck, IconDeviceFloppy, IconPlus, IconSend } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/collectionRefusals";
import { formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { runQuery } from "../../../lib/client";
import { errorText } from "../../../lib/errorText";
import { useQuery } from "../../../lib/hooks";
import { useLaundromatSelection } from "../../../lib/laundromatSelection";
import { notifyError, notifySuccess, notifyWarning } from "../../../lib/notify";
import { SelectionSummary } from "../../../ui/laundromatSelection/SelectionSummary";
import { formatDisplayDate, todayInZone } from "../../laundromat/collections/format";
import { MachineLineInputs } from "../../laundromat/collections/MachineLineInputs";
import { NoStorePrompt } from "../../laundromat/collections/NoStorePrompt";
import { OpenCollections } from "../../laundromat/collections/OpenCollections";
import type { CollectionSummary, RecordMachine } from "../../laundromat/collections/types";
import { useCollectionDraft } from "../../laundromat/collections/useCollectionDraft";
import classes from "../../laundromat/collections/collections.module.css";
import { ScreenTitle } from "../../../ui/ScreenTitle";

// The business date the collector chose for a store, so a reload comes back to the same draft;
// after a few hours the screen starts from the default date again.
const DATE_KEY = "tumble.collectionRecordDate";
const DATE_KEEP_MS = 8 * 3600_000;

function readChosenDate(storeId: string): string | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(DATE_KEY) ?? "null") as { storeId?: string; date?: string; at?: number } | null;
    if (!value || typeof value.at !== "number" || Date.now() - value.at > DATE_KEEP_MS) return null;
    return value.storeId === storeId && typeof value.date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value.date) ? value.date : null;
  } catch {
    return null;
  }
}

function writeChosenDate(storeId: string, date: string) {
  try {
    window.localStorage.setItem(DATE_KEY, JSON.stringify({ storeId, date, at: Date.now() }));
  } catch {
    // The date is only a convenience.
  }
}

/** /laundromat/collection-record: walk the selected store section by section and enter its cash. */
export default function CollectionRecordScreen() {
  const { t } = useTranslation("collections");
  const { selection } = useLaundromatSelection();
  return (
    <Stack gap="md">
      <ScreenTitle title={t("record.title")} subtitle={t("record.subtitle")} />
      <SelectionSummary />
      {selection.storeId ? <RecordForStore key={selection.storeId} storeId={selection.storeId} /> : <NoStorePrompt />}
    </Stack>
  );
}

function RecordForStore({ storeId }: { storeId: string }) {
  const { t } = useTranslation("collections");
  const { selection, setSelection } = useLaundromatSelection();
  const user = useQuery(api.auth.loggedInUser);
  const stores = useQuery(api.stores.listAll, {});
  const machines = useQuery(api.equipment.listMachines, { storeId });
  const store = stores?.find((s) => s._id === storeId);
  const today = todayInZone(store?.timeZone);
  const [chosenDate, setChosenDateState] = useState<string | null>(() => readChosenDate(storeId));
  const setChosenDate = (date: string) => {
    setChosenDateState(date);
    writeChosenDate(storeId, date);
  };
  const selectedTo = selection.dateRange.toDate;
  const businessDate = chosenDate && chosenDate <= today ? chosenDate : selectedTo && selectedTo <= today ? selectedTo : today;
  const active = useMemo(() => (machines ?? []).filter((m) => m.isActive), [machines]);
  const { draft, parsed, setField, save, submit, loadFrom, online, saving, syncError } = useCollectionDraft(user?._id ?? null, storeId, businessDate, active);
  const [submitting, setSubmitting] = useState(false);
  // What was just handed in stays on screen, so nobody takes the empty form for a lost visit and enters it again.
  const [submitted, setSubmitted] = useState<Submitted | null>(null);

  const sections = useMemo(() => {
    const groups: Array<{ id: string; name: string; machines: RecordMachine[] }> = [];
    for (const m of active) {
      const last = groups[groups.length - 1];
      if (last && last.id === m.sectionId) last.machines.push(m);
      else groups.push({ id: m.sectionId, name: m.sectionName, machines: [m] });
    }
    return groups;
  }, [active]);
  const duplicateIds = useMemo(() => new Set(draft.warnings.map((w) => w.machineId)), [draft.warnings]);

  const onSave = async () => {
    const outcome = await save();
    if (outcome.ok) notifySuccess(t("record.saved"));
    else if (outcome.reason === "offline") notifyWarning(t("record.savedOffline"));
    else if (outcome.reason === "invalid") notifyError(t("record.fixErrors"));
    else notifyError(errorText(outcome.error, t("record.saveFailed")));
  };

  const onSubmit = async () => {
    if (parsed.hasErrors) return notifyError(t("record.fixErrors"));
    if (!parsed.lines.length) return notifyError(t("record.nothingToSubmit"));
    setSubmitting(true);
    try {
      const handedIn: Submitted = {
        businessDate,
        totalCents: parsed.totalCents,
        lines: active
          .filter((m) => parsed.lines.some((l) => l.machineId === m._id))
          .map((m) => ({ machineId: m._id, label: m.label, amountCents: parsed.amounts[m._id] ?? 0 })),
      };
      const outcome = await submit();
      if (outcome.ok) {
        notifySuccess(t("record.submitted", { total: formatUSD(handedIn.totalCents) }));
        setSubmitted(handedIn);
      } else if (outcome.reason === "offline") notifyWarning(t("record.submitOffline"));
      else if (outcome.reason === "invalid") notifyError(t("record.fixErrors"));
      else notifyError(errorText(outcome.error, t("record.saveFailed")));
    } catch (error) {
      notifyError(errorText(error, t("record.submitFailed")));
    } finally {
      setSubmitting(false);
    }
  };

  const onContinue = async (c: CollectionSummary) => {
    try {
      const detail = await runQuery(api.collections.get, { collectionId: c._id });
      loadFrom(detail);
      writeChosenDate(detail.storeId, detail.businessDate);
      if (detail.storeId !== storeId) setSelection({ storeId: detail.storeId, storeName: detail.storeName, dateRange: selection.dateRange });
      else setChosenDate(detail.businessDate);
    } catch (error) {
      notifyError(errorText(error, t("record.loadFailed")));
    }
  };

  const status =
    !online && !draft.synced ? (
      <Badge color="orange" variant="light" leftSection={<IconCloudOff size={14} aria-hidden />} data-testid="draft-sync" data-state="offline">
        {t("record.sync.offline")}
      </Badge>
    ) : saving ? (
      <Badge color="blue" variant="light" leftSection={<Loader size={10} />} data-testid="draft-sync" data-state="saving">
        {t("record.sync.saving")}
      </Badge>
    ) : syncError && !draft.synced ? (
      <Badge
        color="red"
        variant="light"
        leftSection={<IconAlertTriangle size={14} aria-hidden />}
        data-testid="draft-sync"
        data-state="error"
        title={syncError}
      >
        {t("record.sync.error")}
      </Badge>
    ) : !draft.synced ? (
      <Badge color="gray" variant="light" data-testid="draft-sync" data-state="pending">
        {t("record.sync.pending")}
      </Badge>
    ) : draft.collectionId ? (
      <Badge color="green" variant="light" leftSection={<IconCloudCheck size={14} aria-hidden />} data-testid="draft-sync" data-state="synced">
        {t("record.sync.synced")}
      </Badge>
    ) : null;

  return (
    <Stack gap="md">
      <Card withBorder radius="md" p="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label={t("record.businessDate")}
            value={businessDate}
            max={today}
            size="md"
            classNames={{ input: classes.bigInput }}
            onChange={(e) => {
              const value = e.currentTarget.value;
              if (/^\d{4}-\d{2}-\d{2}$/.test(value) && value <= today) {
                setChosenDate(value);
                setSubmitted(null);
              }
            }}
            data-testid="record-date"
          />
          <Text size="sm" c="dimmed" pb={10}>
            {store?.name ?? selection.storeName} · {formatDisplayDate(businessDate)}
          </Text>
        </Group>
      </Card>

      <OpenCollections editingId={draft.collectionId} onContinue={(c) => void onContinue(c)} />

      {submitted ? (
        <SubmittedVisit visit={submitted} storeName={store?.name ?? selection.storeName ?? ""} onAnother={() => setSubmitted(null)} />
      ) : (
        <>
          {draft.rejectionReason ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t("record.rejectedTitle")} data-testid="record-rejection">
              {draft.rejectionReason}
              <Text size="sm" mt={4}>
                {t("record.rejectedHelp")}
              </Text>
            </Alert>
          ) : null}
          {draft.warnings.length ? (
            <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} title={t("record.duplicateTitle")} data-testid="record-warnings">
              <Stack gap={2}>
                {draft.warnings.map((w) => (
                  <Text key={`${w.machineId}-${w.otherCollectionId}`} size="sm">
                    {t("record.duplicate", { machine: w.label })}
                  </Text>
                ))}
              </Stack>
            </Alert>
          ) : null}

          {machines === undefined ? (
            <Loader aria-label={t("common.loading")} />
          ) : sections.length === 0 ? (
            <Card withBorder p="lg">
              <Text c="dimmed" ta="center">
                {t("record.noMachines")}
              </Text>
            </Card>
          ) : (
            sections.map((section) => {
              const sectionTotal = section.machines.reduce((sum, m) => sum + (parsed.amounts[m._id] ?? 0), 0);
              return (
                <section key={section.id} data-testid="record-section" aria-label={section.name}>
                  <Group justify="space-between" mb="xs">
                    <Title order={2} size="h4">
                      {section.name}
                    </Title>
                    <Text fw={700} data-testid="record-section-total">
                      {formatUSD(sectionTotal)}
                    </Text>
                  </Group>
                  <Stack gap="xs">
                    {section.machines.map((m) => (
                      <MachineLineInputs
                        key={m._id}
                        machine={m}
                        values={draft.values[m._id]}
                        errors={parsed.errors[m._id]}
                        amountCents={parsed.amounts[m._id]}
                        duplicate={duplicateIds.has(m._id)}
                        onChange={setField}
                      />
                    ))}
                  </Stack>
                </section>
              );
            })
          )}

          <Paper className={classes.stickyBar} p="sm" radius={0} data-testid="record-bar">
            <Group justify="space-between" mb={6} gap="xs">
              <Group gap={8}>
                <Text size="sm" c="dimmed">
                  {t("record.storeTotal")}
                </Text>
                <Text fw={800} size="xl" data-testid="record-total">
                  {formatUSD(parsed.totalCents)}
                </Text>
              </Group>
              {status}
            </Group>
            <Group justify="flex-end" gap="xs" wrap="nowrap" className={classes.stickyActions}>
              <Button
                variant="default"
                size="md"
                className={classes.bigButton}
                leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                onClick={() => void onSave()}
                disabled={submitting}
              >
                {t("record.save")}
              </Button>
              <Button
                size="md"
                className={classes.bigButton}
                leftSection={<IconSend size={18} aria-hidden />}
                onClick={() => void onSubmit()}
                loading={submitting}
                disabled={!parsed.lines.length}
              >
                {t("record.submit")}
              </Button>
            </Group>
          </Paper>
        </>
      )}
    </Stack>
  );
}

interface Submitted {
  businessDate: string;
  totalCents: number;
  lines: Array<{ machineId: string; label: string; amountCents: number }>;
}

/** The visit just handed in: what it holds, and the choice to record another one. */
function SubmittedVisit({ visit, storeName, onAnother }: { visit: Submitted; storeName: string; onAnother: () => void }) {
  const { t } = useTranslation("collections");
  return (
    <Card withBorder radius="md" p="md" data-testid="record-submitted">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCircleCheck size={22} color="var(--mantine-color-green-7)" aria-hidden />
          <Title order={2} size="h4">
            {t("record.submittedTitle")}
          </Title>
        </Group>
        <Text size="sm">
          {t("record.submittedBody", { store: storeName, date: formatDisplayDate(visit.businessDate), total: formatUSD(visit.totalCents) })}
        </Text>
        <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="xs" verticalSpacing={4}>
          {visit.lines.map((l) => (
            <Paper key={l.machineId} withBorder radius="sm" px="xs" py={4} data-testid="record-submitted-line">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={600}>
                  {l.label}
                </Text>
                <Text size="sm">{formatUSD(l.amountCents)}</Text>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap={8}>
            <Text size="sm" c="dimmed">
              {t("record.storeTotal")}
            </Text>
            <Text fw={800} size="lg" data-testid="record-submitted-total">
              {formatUSD(visit.totalCents)}
            </Text>
          </Group>
          <Group gap="xs">
            <Button component={Link} to="/laundromat/collections-list" variant="default" size="md">
              {t("record.seeList")}
            </Button>
            <Button size="md" leftSection={<IconPlus size={18} aria-hidden />} onClick={onAnother} data-testid="record-another">
              {t("record.another")}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
