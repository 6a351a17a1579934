import { Badge, Button, Group, Modal, NumberInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDisplayDate } from "@tumble/domain/dateFormat";
import { cyclePriceCents } from "@tumble/domain/economics";
import { machineFactsArgsSchema } from "@tumble/domain/economicsInputs";
import { formatUSD } from "@tumble/domain/money";
import { errorText } from "../../../../lib/errorText";
import { useMutation, useQueryState } from "../../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../../lib/notify";
import { openConfirm } from "../../../../ui/confirm";
import { MoneyInput } from "../../../../ui/form/MoneyInput";
import { useSchemaForm } from "../../../../ui/form/useSchemaForm";
import { DataTable } from "../../../../ui/table/DataTable";
import type { DataColumn } from "../../../../ui/table/types";
import { setupApi, type MachinePrices, type PriceRow, type TypePrices } from "./api";
import { PriceModal, type PriceTarget } from "./PriceModal";

// Prices by equipment type (every store's machines of the type) and each machine of the store:
// its facts (capacity, purchase price, install date), its own price if it has one, and the price
// it has today by the rule. A price's history opens from its row; a price not started yet can be
// deleted, one that has started is history (a new one is added from a date).

/** "$6.00", or "$0.25 / 8 min (40 min cycle: $1.25)". */
export function priceText(
  p: Pick<PriceRow, "priceCents" | "perMinutes" | "typicalCycleMinutes">,
  perMin: (v: Record<string, string | number>) => string,
): string {
  if (p.perMinutes === null || p.typicalCycleMinutes === null) return formatUSD(p.priceCents);
  return perMin({
    price: formatUSD(p.priceCents),
    minutes: p.perMinutes,
    cycle: p.typicalCycleMinutes,
    cyclePrice: formatUSD(Math.round(cyclePriceCents(p) ?? p.priceCents)),
  });
}

/** A price in a narrow cell: a per-minute price with its cycle's price beneath, so a phone card's corner holds it. */
function PriceLines({ p }: { p: Pick<PriceRow, "priceCents" | "perMinutes" | "typicalCycleMinutes"> }) {
  const { t } = useTranslation("economicsSetup");
  if (p.perMinutes === null || p.typicalCycleMinutes === null) return <span>{formatUSD(p.priceCents)}</span>;
  return (
    <span>
      <Text inherit component="span" style={{ whiteSpace: "nowrap" }}>
        {t("prices.perMinShort", { price: formatUSD(p.priceCents), minutes: p.perMinutes })}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
        {t("prices.cycleText", { cycle: p.typicalCycleMinutes, cyclePrice: formatUSD(Math.round(cyclePriceCents(p) ?? p.priceCents)) })}
      </Text>
    </span>
  );
}

function History({ rows, today, title, onClose }: { rows: PriceRow[] | null; today: string; title: string; onClose: () => void }) {
  const { t } = useTranslation("economicsSetup");
  const remove = useMutation(setupApi.deletePrice);
  const columns: DataColumn<PriceRow>[] = [
    { id: "from", header: t("prices.from"), cell: (r) => formatDisplayDate(r.effectiveFrom), sortValue: (r) => r.effectiveFrom, card: "title" },
    {
      id: "price",
      header: t("prices.price"),
      cell: (r) => priceText(r, (v) => t("prices.perMinText", v)),
      sortValue: (r) => r.priceCents,
      align: "right",
      card: "aside",
    },
    {
      id: "state",
      header: t("prices.state"),
      cell: (r) => (r.effectiveFrom > today ? <Badge variant="light">{t("prices.future")}</Badge> : null),
      card: "badge",
    },
  ];
  return (
    <Modal opened={rows !== null} onClose={onClose} title={title} size="lg">
      <DataTable
        tableId="economics-price-history"
        caption={title}
        columns={columns}
        data={rows ?? []}
        getRowId={(r) => r.id}
        rowName={(r) => formatDisplayDate(r.effectiveFrom)}
        rowMenu={(r) =>
          r.effectiveFrom > today
            ? [
                {
                  id: "delete",
                  label: t("prices.delete"),
                  color: "red",
                  quiet: true,
                  onSelect: () =>
                    void openConfirm({
                      title: t("prices.deleteTitle"),
                      message: t("prices.deleteMessage", { date: formatDisplayDate(r.effectiveFrom) }),
                      confirmLabel: t("prices.delete"),
                      cancelLabel: t("cancel"),
                      destructive: true,
                      onConfirm: () => {
                        remove({ priceId: r.id }).then(
                          () => {
                            notifySuccess(t("prices.deleted"));
                            onClose();
                          },
                          (error: unknown) => notifyError(errorText(error, t("failed"))),
                        );
                      },
                    }),
                },
              ]
            : []
        }
        emptyText={t("prices.noHistory")}
        testId="economics-price-history"
      />
    </Modal>
  );
}

const wholeOrNull = (value: string | number) => (typeof value === "number" && Number.isFinite(value) ? value : null);

function FactsModal({ machine, onClose }: { machine: MachinePrices | null; onClose: () => void }) {
  const { t } = useTranslation("economicsSetup");
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  const save = useMutation(setupApi.setMachineFacts);
  const [busy, setBusy] = useState(false);
  const form = useSchemaForm(machineFactsArgsSchema, {
    initialValues: {
      machineId: machine?.id ?? "",
      capacityLb: machine?.capacityLb ?? null,
      purchasePriceCents: machine?.purchasePriceCents ?? null,
      installedOn: machine?.installedOn ?? null,
    },
  });
  const submit = async (v: (typeof machineFactsArgsSchema)["_output"]) => {
    setBusy(true);
    try {
      await save(v);
      notifySuccess(t("facts.saved", { label: machine?.label ?? "" }));
      onClose();
    } catch (error) {
      notifyError(errorText(error, t("failed")));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={machine !== null} onClose={onClose} title={t("facts.title", { label: machine?.label ?? "" })} size="md" fullScreen={isPhone}>
      <form onSubmit={form.submit(submit)} noValidate data-testid="economics-facts-form">
        <Stack gap="sm">
          <NumberInput
            label={t("facts.capacity")}
            suffix=" lb"
            min={1}
            max={1000}
            allowDecimal={false}
            size="md"
            {...form.getInputProps("capacityLb")}
            value={form.getValues().capacityLb ?? ""}
            onChange={(v) => form.setFieldValue("capacityLb", wholeOrNull(v))}
          />
          <MoneyInput label={t("facts.purchase")} size="md" {...form.getInputProps("purchasePriceCents")} />
          <TextInput
            type="date"
            label={t("facts.installed")}
            size="md"
            {...form.getInputProps("installedOn")}
            value={form.getValues().installedOn ?? ""}
            onChange={(e) => form.setFieldValue("installedOn", e.currentTarget.value || null)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} size="md">
              {t("cancel")}
            </Button>
            <Button type="submit" loading={busy} size="md" data-testid="economics-facts-save">
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function PricesSection({ storeId, canEdit }: { storeId: string; canEdit: boolean }) {
  const { t } = useTranslation("economicsSetup");
  const { data, error } = useQueryState(setupApi.prices, { storeId });
  const [target, setTarget] = useState<PriceTarget | null>(null);
  const [history, setHistory] = useState<{ title: string; rows: PriceRow[] } | null>(null);
  const [facts, setFacts] = useState<MachinePrices | null>(null);
  const today = data?.today ?? "";
  const perMin = (v: Record<string, string | number>) => t("prices.perMinText", v);
  const current = (rows: PriceRow[]) => rows.find((r) => r.effectiveFrom <= today) ?? null;

  const typeColumns: DataColumn<TypePrices>[] = [
    { id: "type", header: t("prices.type"), cell: (r) => r.name, sortValue: (r) => r.name, card: "title", hideable: false },
    {
      id: "price",
      header: t("prices.today"),
      cell: (r) => {
        const now = current(r.history);
        return now ? (
          <PriceLines p={now} />
        ) : (
          <Text c="dimmed" inherit component="span">
            {t("prices.none")}
          </Text>
        );
      },
      sortValue: (r) => current(r.history)?.priceCents ?? null,
      align: "right",
      card: "aside",
    },
    {
      id: "since",
      header: t("prices.since"),
      cell: (r) => {
        const now = current(r.history);
        return now ? formatDisplayDate(now.effectiveFrom) : "";
      },
      sortValue: (r) => current(r.history)?.effectiveFrom,
    },
    {
      id: "next",
      header: t("prices.next"),
      cell: (r) => {
        const next = r.history.filter((p) => p.effectiveFrom > today).at(-1);
        return next ? `${priceText(next, perMin)} · ${formatDisplayDate(next.effectiveFrom)}` : "";
      },
    },
  ];

  const machineColumns: DataColumn<MachinePrices>[] = [
    { id: "label", header: t("machines.label"), cell: (r) => r.label, sortValue: (r) => r.label, card: "title", hideable: false },
    { id: "type", header: t("prices.type"), cell: (r) => r.typeName, sortValue: (r) => r.typeName },
    {
      id: "price",
      header: t("prices.today"),
      cell: (r) =>
        r.current ? (
          <Group gap={6} wrap="wrap" justify="flex-end">
            <PriceLines p={r.current} />
            <Badge variant="light" color={r.current.from === "machine" ? "grape" : "gray"}>
              {r.current.from === "machine" ? t("prices.own") : t("prices.ofType")}
            </Badge>
          </Group>
        ) : (
          <Text c="dimmed" inherit component="span">
            {t("prices.none")}
          </Text>
        ),
      sortValue: (r) => r.current?.priceCents ?? null,
      csv: (r) => r.current?.priceCents ?? null,
      align: "right",
      card: "aside",
    },
    { id: "capacity", header: t("facts.capacity"), cell: (r) => (r.capacityLb ? `${r.capacityLb} lb` : ""), sortValue: (r) => r.capacityLb },
    {
      id: "purchase",
      header: t("facts.purchase"),
      cell: (r) => (r.purchasePriceCents === null ? "" : formatUSD(r.purchasePriceCents)),
      sortValue: (r) => r.purchasePriceCents,
      align: "right",
    },
    {
      id: "installed",
      header: t("facts.installed"),
      cell: (r) => (r.installedOn ? formatDisplayDate(r.installedOn) : ""),
      sortValue: (r) => r.installedOn,
    },
  ];

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={3} size="h4">
          {t("prices.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("prices.help")}
        </Text>
      </Stack>
      <DataTable
        tableId="economics-type-prices"
        caption={t("prices.typesCaption")}
        columns={typeColumns}
        data={data?.types}
        error={error}
        getRowId={(r) => r.id}
        rowName={(r) => r.name}
        onRowClick={(r) => setHistory({ title: t("prices.historyOf", { name: r.name }), rows: r.history })}
        rowLabel={(r) => t("prices.historyOf", { name: r.name })}
        rowMenu={(r) => [
          ...(canEdit ? [{ id: "set", label: t("prices.set"), onSelect: () => setTarget({ kind: "type", id: r.id, name: r.name }) }] : []),
          { id: "history", label: t("prices.history"), onSelect: () => setHistory({ title: t("prices.historyOf", { name: r.name }), rows: r.history }) },
        ]}
        emptyText={t("prices.noTypes")}
        testId="economics-type-prices"
        rowTestId="economics-type-price"
      />
      <DataTable
        tableId="economics-machine-prices"
        caption={t("machines.caption")}
        columns={machineColumns}
        data={data?.machines}
        error={error}
        getRowId={(r) => r.id}
        rowName={(r) => r.label}
        onRowClick={canEdit ? (r) => setFacts(r) : undefined}
        rowLabel={(r) => t("facts.title", { label: r.label })}
        rowMenu={(r) => [
          ...(canEdit
            ? [
                { id: "price", label: t("prices.setOwn"), onSelect: () => setTarget({ kind: "machine", id: r.id, name: r.label }) },
                { id: "facts", label: t("facts.edit"), onSelect: () => setFacts(r) },
              ]
            : []),
          { id: "history", label: t("prices.history"), onSelect: () => setHistory({ title: t("prices.historyOf", { name: r.label }), rows: r.history }) },
        ]}
        emptyText={t("machines.empty")}
        exportName="machine-prices"
        testId="economics-machine-prices"
        rowTestId="economics-machine-price"
      />
      {target ? <PriceModal key={`${target.kind}-${target.id}`} target={target} today={today} onClose={() => setTarget(null)} /> : null}
      {facts ? <FactsModal key={facts.id} machine={facts} onClose={() => setFacts(null)} /> : null}
      <History rows={history?.rows ?? null} title={history?.title ?? ""} today={today} onClose={() => setHistory(null)} />
    </Stack>
  );
}
