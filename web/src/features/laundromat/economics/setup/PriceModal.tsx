import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ECONOMICS_INPUT_REFUSAL_TEXTS, priceFieldsSchema } from "@tumble/domain/economicsInputs";
import { formatUSD } from "@tumble/domain/money";
import { errorText } from "../../../../lib/errorText";
import { useMutation } from "../../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../../lib/notify";
import { MoneyInput } from "../../../../ui/form/MoneyInput";
import { useSchemaForm } from "../../../../ui/form/useSchemaForm";
import { setupApi } from "./api";

// A price from a date for an equipment type (every machine of the type) or one machine (its own).
// A dryer's price may buy minutes: then a typical cycle's length turns it into a cycle's price.

export interface PriceTarget {
  kind: "type" | "machine";
  id: string;
  name: string;
}

const schema = priceFieldsSchema.refine((v) => (v.perMinutes === null) === (v.typicalCycleMinutes === null), {
  message: ECONOMICS_INPUT_REFUSAL_TEXTS.minutesBoth.en,
  path: ["typicalCycleMinutes"],
});

const wholeOrNull = (value: string | number) => (typeof value === "number" && Number.isFinite(value) ? value : null);

export function PriceModal({ target, today, onClose }: { target: PriceTarget | null; today: string; onClose: () => void }) {
  const { t } = useTranslation("economicsSetup");
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  const setPrice = useMutation(setupApi.setPrice);
  const [busy, setBusy] = useState(false);
  const form = useSchemaForm(schema, {
    initialValues: { effectiveFrom: today, priceCents: null as unknown as number, perMinutes: null, typicalCycleMinutes: null },
  });
  const values = form.getValues();
  const perMinutes = values.perMinutes !== null;

  const save = async (v: (typeof schema)["_output"]) => {
    if (!target) return;
    setBusy(true);
    try {
      await setPrice({ ...(target.kind === "type" ? { equipmentTypeId: target.id } : { machineId: target.id }), ...v });
      notifySuccess(t("prices.saved", { name: target.name, price: formatUSD(v.priceCents), date: v.effectiveFrom }));
      form.reset();
      onClose();
    } catch (error) {
      notifyError(errorText(error, t("failed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={t("prices.setTitle", { name: target?.name ?? "" })}
      size="md"
      fullScreen={isPhone}
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
    >
      <form onSubmit={form.submit(save)} noValidate data-testid="economics-price-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {target?.kind === "type" ? t("prices.typeHelp") : t("prices.machineHelp")}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput type="date" label={t("prices.from")} withAsterisk size="md" {...form.getInputProps("effectiveFrom")} />
            <MoneyInput label={t("prices.price")} withAsterisk size="md" {...form.getInputProps("priceCents")} />
          </SimpleGrid>
          <Switch
            label={t("prices.perMinutes")}
            checked={perMinutes}
            onChange={(e) =>
              form.setValues(e.currentTarget.checked ? { perMinutes: 8, typicalCycleMinutes: 40 } : { perMinutes: null, typicalCycleMinutes: null })
            }
          />
          {perMinutes ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <NumberInput
                label={t("prices.minutes")}
                min={1}
                max={240}
                allowDecimal={false}
                size="md"
                {...form.getInputProps("perMinutes")}
                value={values.perMinutes ?? ""}
                onChange={(v) => form.setFieldValue("perMinutes", wholeOrNull(v))}
              />
              <NumberInput
                label={t("prices.cycle")}
                min={1}
                max={240}
                allowDecimal={false}
                size="md"
                {...form.getInputProps("typicalCycleMinutes")}
                value={values.typicalCycleMinutes ?? ""}
                onChange={(v) => form.setFieldValue("typicalCycleMinutes", wholeOrNull(v))}
              />
            </SimpleGrid>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} size="md">
              {t("cancel")}
            </Button>
            <Button type="submit" loading={busy} size="md" data-testid="economics-price-save">
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
