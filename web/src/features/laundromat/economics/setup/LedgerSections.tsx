import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDisplayDate, formatMonth } from "@tumble/domain/dateFormat";
import { addDays } from "@tumble/domain/datePresets";
import {
  OTHER_REVENUE_SOURCES,
  RECURRING_CATEGORIES,
  UNITS_OF,
  UTILITIES,
  otherRevenueArgsSchema,
  recurringExpenseArgsSchema,
  utilityBillArgsSchema,
} from "@tumble/domain/economicsInputs";
import { formatUSD } from "@tumble/domain/money";
import { formatCount } from "@tumble/domain/numberFormat";
import { errorText } from "../../../../lib/errorText";
import { useMutation, useQueryState } from "../../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../../lib/notify";
import { openConfirm } from "../../../../ui/confirm";
import { MoneyInput } from "../../../../ui/form/MoneyInput";
import { useSchemaForm } from "../../../../ui/form/useSchemaForm";
import { DataTable } from "../../../../ui/table/DataTable";
import type { DataColumn } from "../../../../ui/table/types";
import { setupApi, type RecurringExpense, type RevenueLine, type UtilityBill } from "./api";

// Revenue beyond the coin boxes, recurring expenses and utility bills of one store: each a table
// with an add form; a revenue line and a bill can be deleted, an expense ended at a month.

function Section({ title, help, action, children }: { title: string; help: string; action: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ flex: "1 1 16rem", minWidth: 0 }}>
          <Title order={3} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {help}
          </Text>
        </Stack>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

function FormModal({ opened, title, onClose, children }: { opened: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation("common");
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md" fullScreen={isPhone} closeButtonProps={{ "aria-label": t("actions.close") }}>
      {children}
    </Modal>
  );
}

function FormButtons({ busy, onClose, testId }: { busy: boolean; onClose: () => void; testId: string }) {
  const { t } = useTranslation("economicsSetup");
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose} size="md">
        {t("cancel")}
      </Button>
      <Button type="submit" loading={busy} size="md" data-testid={testId}>
        {t("save")}
      </Button>
    </Group>
  );
}

/** Runs a mutation with the toast of its outcome. */
function useSaving() {
  const { t } = useTranslation("economicsSetup");
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, done: string, after: () => void) => {
    setBusy(true);
    try {
      await work();
      notifySuccess(done);
      after();
    } catch (error) {
      notifyError(errorText(error, t("failed")));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

const confirmDelete = (t: (key: string, values?: Record<string, string>) => string, message: string, work: () => Promise<unknown>) =>
  void openConfirm({
    title: t("deleteTitle"),
    message,
    confirmLabel: t("delete"),
    cancelLabel: t("cancel"),
    destructive: true,
    onConfirm: () => {
      work().then(
        () => notifySuccess(t("deleted")),
        (error: unknown) => notifyError(errorText(error, t("failed"))),
      );
    },
  });

// ---- revenue ----

function RevenueForm({
  storeId,
  today,
  machines,
  onClose,
}: {
  storeId: string;
  today: string;
  machines: Array<{ value: string; label: string }>;
  onClose: () => void;
}) {
  const { t } = useTranslation("economicsSetup");
  const add = useMutation(setupApi.addOtherRevenue);
  const { busy, run } = useSaving();
  const form = useSchemaForm(otherRevenueArgsSchema, {
    initialValues: { storeId, machineId: null, businessDate: today, source: "card", amountCents: null as unknown as number, note: "" },
  });
  return (
    <form
      onSubmit={form.submit((v) => run(() => add(v), t("revenue.added", { amount: formatUSD(v.amountCents) }), onClose))}
      noValidate
      data-testid="economics-revenue-form"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput type="date" label={t("revenue.date")} withAsterisk max={today} size="md" {...form.getInputProps("businessDate")} />
          <MoneyInput label={t("revenue.amount")} withAsterisk size="md" {...form.getInputProps("amountCents")} />
        </SimpleGrid>
        <Select
          label={t("revenue.source")}
          withAsterisk
          allowDeselect={false}
          data={OTHER_REVENUE_SOURCES.map((s) => ({ value: s, label: t(`sources.${s}`) }))}
          size="md"
          {...form.getInputProps("source")}
        />
        <Select
          label={t("revenue.machine")}
          description={t("revenue.machineHelp")}
          clearable
          data={machines}
          size="md"
          {...form.getInputProps("machineId")}
          value={form.getValues().machineId ?? null}
        />
        <Textarea label={t("revenue.note")} maxLength={500} autosize minRows={1} size="md" {...form.getInputProps("note")} />
        <FormButtons busy={busy} onClose={onClose} testId="economics-revenue-save" />
      </Stack>
    </form>
  );
}

export function RevenueSection({
  storeId,
  canEdit,
  today,
  machines,
}: {
  storeId: string;
  canEdit: boolean;
  today: string;
  machines: Array<{ value: string; label: string }>;
}) {
  const { t } = useTranslation("economicsSetup");
  const [days, setDays] = useState<string>("30");
  const from = addDays(today, -(Number(days) - 1));
  const { data, error } = useQueryState(setupApi.otherRevenue, today ? { storeId, from, to: today } : "skip");
  const remove = useMutation(setupApi.deleteOtherRevenue);
  const removeBatch = useMutation(setupApi.deleteImportBatch);
  const [adding, setAdding] = useState(false);
  const columns: DataColumn<RevenueLine>[] = [
    { id: "date", header: t("revenue.date"), cell: (r) => formatDisplayDate(r.businessDate), sortValue: (r) => r.businessDate, card: "title" },
    { id: "source", header: t("revenue.source"), cell: (r) => t(`sources.${r.source}`), sortValue: (r) => r.source, card: "badge" },
    { id: "machine", header: t("revenue.machine"), cell: (r) => r.machineLabel ?? t("revenue.wholeStore"), sortValue: (r) => r.machineLabel ?? "" },
    { id: "amount", header: t("revenue.amount"), cell: (r) => formatUSD(r.amountCents), sortValue: (r) => r.amountCents, align: "right", card: "aside" },
    {
      id: "origin",
      header: t("revenue.origin"),
      cell: (r) => (r.importBatch ? t("revenue.imported") : t("revenue.byHand")),
      sortValue: (r) => (r.importBatch ? 1 : 0),
    },
    { id: "note", header: t("revenue.note"), cell: (r) => r.note ?? "", sortValue: (r) => r.note },
  ];
  return (
    <Section
      title={t("revenue.title")}
      help={t("revenue.help")}
      action={
        <Group gap="xs" wrap="wrap">
          <Select
            aria-label={t("revenue.range")}
            w={180}
            allowDeselect={false}
            value={days}
            onChange={(v) => setDays(v ?? "30")}
            data={["7", "30", "90", "366"].map((d) => ({ value: d, label: t("revenue.lastDays", { count: Number(d) }) }))}
          />
          {canEdit ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)} data-testid="economics-revenue-add">
              {t("revenue.add")}
            </Button>
          ) : null}
        </Group>
      }
    >
      <DataTable
        tableId="economics-other-revenue"
        caption={t("revenue.title")}
        columns={columns}
        data={data}
        error={error}
        getRowId={(r) => r.id}
        rowName={(r) => `${formatDisplayDate(r.businessDate)} ${formatUSD(r.amountCents)}`}
        rowMenu={(r) =>
          canEdit
            ? [
                {
                  id: "delete",
                  label: t("delete"),
                  color: "red",
                  quiet: true,
                  onSelect: () => confirmDelete(t, t("revenue.deleteMessage", { amount: formatUSD(r.amountCents) }), () => remove({ revenueId: r.id })),
                },
                ...(r.importBatch
                  ? [
                      {
                        id: "deleteImport",
                        label: t("revenue.deleteImport"),
                        color: "red",
                        quiet: true,
                        onSelect: () => confirmDelete(t, t("revenue.deleteImportMessage"), () => removeBatch({ batch: r.importBatch! })),
                      },
                    ]
                  : []),
              ]
            : []
        }
        emptyText={t("revenue.empty")}
        exportName="other-revenue"
        testId="economics-other-revenue"
        rowTestId="economics-revenue-row"
        rowAttributes={(r) => ({ "data-cents": String(r.amountCents), "data-date": r.businessDate, "data-imported": String(Boolean(r.importBatch)) })}
      />
      <FormModal opened={adding} title={t("revenue.add")} onClose={() => setAdding(false)}>
        {adding ? <RevenueForm storeId={storeId} today={today} machines={machines} onClose={() => setAdding(false)} /> : null}
      </FormModal>
    </Section>
  );
}

// ---- recurring expenses ----

function ExpenseForm({ storeId, today, onClose }: { storeId: string; today: string; onClose: () => void }) {
  const { t } = useTranslation("economicsSetup");
  const add = useMutation(setupApi.addRecurringExpense);
  const { busy, run } = useSaving();
  const form = useSchemaForm(recurringExpenseArgsSchema, {
    initialValues: { storeId, category: "rent", description: "", amountCents: null as unknown as number, fromMonth: today.slice(0, 7), toMonth: null },
  });
  return (
    <form onSubmit={form.submit((v) => run(() => add(v), t("expenses.added"), onClose))} noValidate data-testid="economics-expense-form">
      <Stack gap="sm">
        <Select
          label={t("expenses.category")}
          withAsterisk
          allowDeselect={false}
          data={RECURRING_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
          size="md"
          {...form.getInputProps("category")}
        />
        <TextInput label={t("expenses.description")} withAsterisk maxLength={200} size="md" {...form.getInputProps("description")} />
        <MoneyInput label={t("expenses.amount")} withAsterisk size="md" {...form.getInputProps("amountCents")} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput type="month" label={t("expenses.from")} withAsterisk size="md" {...form.getInputProps("fromMonth")} />
          <TextInput
            type="month"
            label={t("expenses.to")}
            description={t("expenses.toHelp")}
            size="md"
            {...form.getInputProps("toMonth")}
            value={form.getValues().toMonth ?? ""}
            onChange={(e) => form.setFieldValue("toMonth", e.currentTarget.value || null)}
          />
        </SimpleGrid>
        <FormButtons busy={busy} onClose={onClose} testId="economics-expense-save" />
      </Stack>
    </form>
  );
}

function EndForm({ expense, onClose }: { expense: RecurringExpense; onClose: () => void }) {
  const { t } = useTranslation("economicsSetup");
  const end = useMutation(setupApi.endRecurringExpense);
  const { busy, run } = useSaving();
  const [month, setMonth] = useState(expense.toMonth ?? expense.fromMonth);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void run(() => end({ expenseId: expense.id, toMonth: month }), t("expenses.ended"), onClose);
      }}
      noValidate
    >
      <Stack gap="sm">
        <TextInput
          type="month"
          label={t("expenses.lastMonth")}
          min={expense.fromMonth}
          value={month}
          onChange={(e) => setMonth(e.currentTarget.value)}
          size="md"
        />
        <FormButtons busy={busy} onClose={onClose} testId="economics-expense-end-save" />
      </Stack>
    </form>
  );
}

export function ExpensesSection({ storeId, canEdit, today }: { storeId: string; canEdit: boolean; today: string }) {
  const { t, i18n } = useTranslation("economicsSetup");
  const { data, error } = useQueryState(setupApi.recurringExpenses, { storeId });
  const [adding, setAdding] = useState(false);
  const [ending, setEnding] = useState<RecurringExpense | null>(null);
  const columns: DataColumn<RecurringExpense>[] = [
    { id: "description", header: t("expenses.description"), cell: (r) => r.description, sortValue: (r) => r.description, card: "title" },
    { id: "category", header: t("expenses.category"), cell: (r) => t(`categories.${r.category}`), sortValue: (r) => r.category, card: "badge" },
    { id: "amount", header: t("expenses.perMonth"), cell: (r) => formatUSD(r.amountCents), sortValue: (r) => r.amountCents, align: "right", card: "aside" },
    { id: "from", header: t("expenses.from"), cell: (r) => formatMonth(r.fromMonth, i18n.language), sortValue: (r) => r.fromMonth },
    {
      id: "to",
      header: t("expenses.to"),
      cell: (r) => (r.toMonth ? formatMonth(r.toMonth, i18n.language) : t("expenses.running")),
      sortValue: (r) => r.toMonth ?? "9999",
    },
  ];
  return (
    <Section
      title={t("expenses.title")}
      help={t("expenses.help")}
      action={
        canEdit ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)} data-testid="economics-expense-add">
            {t("expenses.add")}
          </Button>
        ) : null
      }
    >
      <DataTable
        tableId="economics-recurring-expenses"
        caption={t("expenses.title")}
        columns={columns}
        data={data}
        error={error}
        getRowId={(r) => r.id}
        rowName={(r) => r.description}
        rowMenu={(r) => (canEdit ? [{ id: "end", label: t("expenses.end"), onSelect: () => setEnding(r) }] : [])}
        emptyText={t("expenses.empty")}
        exportName="recurring-expenses"
        testId="economics-recurring-expenses"
      />
      <FormModal opened={adding} title={t("expenses.add")} onClose={() => setAdding(false)}>
        {adding ? <ExpenseForm storeId={storeId} today={today} onClose={() => setAdding(false)} /> : null}
      </FormModal>
      <FormModal opened={ending !== null} title={t("expenses.endTitle", { name: ending?.description ?? "" })} onClose={() => setEnding(null)}>
        {ending ? <EndForm expense={ending} onClose={() => setEnding(null)} /> : null}
      </FormModal>
    </Section>
  );
}

// ---- utility bills ----

function BillForm({ storeId, today, onClose }: { storeId: string; today: string; onClose: () => void }) {
  const { t } = useTranslation("economicsSetup");
  const add = useMutation(setupApi.addUtilityBill);
  const { busy, run } = useSaving();
  const form = useSchemaForm(utilityBillArgsSchema, {
    initialValues: {
      storeId,
      utility: "electricity",
      periodStart: `${today.slice(0, 7)}-01`,
      periodEnd: today,
      amountCents: null as unknown as number,
      usage: null,
      unit: "kWh",
    },
  });
  const values = form.getValues();
  return (
    <form onSubmit={form.submit((v) => run(() => add(v), t("bills.added"), onClose))} noValidate data-testid="economics-bill-form">
      <Stack gap="sm">
        <Select
          label={t("bills.utility")}
          withAsterisk
          allowDeselect={false}
          data={UTILITIES.map((u) => ({ value: u, label: t(`utilities.${u}`) }))}
          size="md"
          {...form.getInputProps("utility")}
          onChange={(v) => {
            const utility = (v ?? "electricity") as (typeof UTILITIES)[number];
            form.setValues({ utility, unit: UNITS_OF[utility][0] });
          }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput type="date" label={t("bills.start")} withAsterisk size="md" {...form.getInputProps("periodStart")} />
          <TextInput type="date" label={t("bills.end")} withAsterisk size="md" {...form.getInputProps("periodEnd")} />
        </SimpleGrid>
        <MoneyInput label={t("bills.amount")} withAsterisk size="md" {...form.getInputProps("amountCents")} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label={t("bills.usage")}
            min={0}
            allowDecimal={false}
            thousandSeparator=","
            size="md"
            {...form.getInputProps("usage")}
            value={values.usage ?? ""}
            onChange={(v) => form.setFieldValue("usage", typeof v === "number" && Number.isFinite(v) ? v : null)}
          />
          <Select
            label={t("bills.unit")}
            allowDeselect={false}
            data={UNITS_OF[values.utility].map((u) => ({ value: u, label: t(`units.${u}`) }))}
            size="md"
            {...form.getInputProps("unit")}
            value={values.unit ?? null}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t("bills.usageHelp")}
        </Text>
        <FormButtons busy={busy} onClose={onClose} testId="economics-bill-save" />
      </Stack>
    </form>
  );
}

export function BillsSection({ storeId, canEdit, today }: { storeId: string; canEdit: boolean; today: string }) {
  const { t, i18n } = useTranslation("economicsSetup");
  const from = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 7)}-01`;
  const { data, error } = useQueryState(setupApi.utilityBills, today ? { storeId, from, to: today } : "skip");
  const remove = useMutation(setupApi.deleteUtilityBill);
  const [adding, setAdding] = useState(false);
  const columns: DataColumn<UtilityBill>[] = [
    {
      id: "period",
      header: t("bills.period"),
      cell: (r) => `${formatDisplayDate(r.periodStart)} – ${formatDisplayDate(r.periodEnd)}`,
      sortValue: (r) => r.periodStart,
      card: "title",
    },
    { id: "utility", header: t("bills.utility"), cell: (r) => t(`utilities.${r.utility}`), sortValue: (r) => r.utility, card: "badge" },
    { id: "amount", header: t("bills.amount"), cell: (r) => formatUSD(r.amountCents), sortValue: (r) => r.amountCents, align: "right", card: "aside" },
    {
      id: "usage",
      header: t("bills.usage"),
      cell: (r) => (r.usage === null ? "" : `${formatCount(r.usage, i18n.language)} ${r.unit ? t(`units.${r.unit}`) : ""}`),
      sortValue: (r) => r.usage,
      align: "right",
    },
  ];
  return (
    <Section
      title={t("bills.title")}
      help={t("bills.help")}
      action={
        canEdit ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)} data-testid="economics-bill-add">
            {t("bills.add")}
          </Button>
        ) : null
      }
    >
      <DataTable
        tableId="economics-utility-bills"
        caption={t("bills.title")}
        columns={columns}
        data={data}
        error={error}
        getRowId={(r) => r.id}
        rowName={(r) => `${t(`utilities.${r.utility}`)} ${formatDisplayDate(r.periodStart)}`}
        rowMenu={(r) =>
          canEdit
            ? [
                {
                  id: "delete",
                  label: t("delete"),
                  color: "red",
                  quiet: true,
                  onSelect: () => confirmDelete(t, t("bills.deleteMessage", { amount: formatUSD(r.amountCents) }), () => remove({ billId: r.id })),
                },
              ]
            : []
        }
        emptyText={t("bills.empty")}
        exportName="utility-bills"
        testId="economics-utility-bills"
      />
      <FormModal opened={adding} title={t("bills.add")} onClose={() => setAdding(false)}>
        {adding ? <BillForm storeId={storeId} today={today} onClose={() => setAdding(false)} /> : null}
      </FormModal>
    </Section>
  );
}
