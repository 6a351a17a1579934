import { Button, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { TFunction } from "i18next";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { isIsoDate } from "@tumble/domain/datePresets";
import { MAX_LINE_CENTS } from "@tumble/domain/bankStatement";
import { formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { MoneyInput } from "../../../ui/form/MoneyInput";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { todayInZone } from "../collections/format";
import { errorText } from "../cash/messages";

/** The rules of a line entered by hand, in the reader's language (the server checks the same). */
function lineSchema(t: TFunction<"bank">, today: string) {
  return z.object({
    date: z
      .string()
      .refine((d) => isIsoDate(d), t("add.errors.date"))
      .refine((d) => d <= today, t("add.errors.future")),
    direction: z.enum(["credit", "debit"]),
    amountCents: z
      .number(t("add.errors.amount"))
      .int(t("add.errors.amount"))
      .min(1, t("add.errors.amountPositive"))
      .max(MAX_LINE_CENTS, t("add.errors.amountLarge")),
    description: z.string().trim().min(1, t("add.errors.description")).max(500),
    reference: z.string().trim().max(200),
  });
}

/** A bank line typed in: a deposit the statement file lacks, or a fee (a debit). */
export function BankLineFormModal({ opened, onClose, accountId }: { opened: boolean; onClose: () => void; accountId: string }) {
  const { t } = useTranslation("bank");
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  const add = useMutation(api.bankLines.add);
  const today = todayInZone(undefined);
  const schema = useMemo(() => lineSchema(t, today), [t, today]);
  const initial = { date: today, direction: "credit" as "credit" | "debit", amountCents: null as unknown as number, description: "", reference: "" };
  const form = useSchemaForm(schema, { initialValues: initial });
  const [busy, setBusy] = useState(false);
  const values = form.getValues();

  const save = async (v: z.output<typeof schema>) => {
    const amountCents = v.direction === "debit" ? -v.amountCents : v.amountCents;
    setBusy(true);
    try {
      const result = await add({ accountId, date: v.date, description: v.description, amountCents, ...(v.reference ? { reference: v.reference } : {}) });
      notifySuccess(result.matched ? t("add.doneMatched", { amount: formatUSD(amountCents) }) : t("add.done", { amount: formatUSD(amountCents) }));
      form.setValues({ ...initial, date: v.date });
      form.resetDirty();
      onClose();
    } catch (error) {
      notifyError(errorText(error, t("add.failed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("add.title")} size="md" fullScreen={isPhone}>
      <form onSubmit={form.submit(save)} noValidate data-testid="bank-line-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("add.help")}
          </Text>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="bank-line-direction">
              {t("add.direction")}
            </Text>
            <SegmentedControl
              aria-labelledby="bank-line-direction"
              orientation={isPhone ? "vertical" : "horizontal"}
              fullWidth
              data={[
                { value: "credit", label: t("add.credit") },
                { value: "debit", label: t("add.debit") },
              ]}
              {...form.getInputProps("direction")}
            />
          </Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput type="date" label={t("add.date")} withAsterisk max={today} size="md" {...form.getInputProps("date")} />
            <MoneyInput label={t("add.amount")} withAsterisk size="md" {...form.getInputProps("amountCents")} />
          </SimpleGrid>
          <TextInput label={t("add.description")} withAsterisk maxLength={500} size="md" {...form.getInputProps("description")} />
          <TextInput label={t("add.reference")} description={t("add.referenceHelp")} maxLength={200} size="md" {...form.getInputProps("reference")} />
          {values.direction === "debit" ? (
            <Text size="sm" c="dimmed">
              {t("add.debitHelp")}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} size="md">
              {t("cancel")}
            </Button>
            <Button type="submit" loading={busy} size="md" data-testid="bank-line-submit">
              {t("add.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
