import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import type { z } from "zod";
import { useTranslation } from "react-i18next";
import { adjustmentFormSchema } from "@tumble/domain/collectionAdjustment";
import { formatUSD } from "@tumble/domain/money";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/collectionRefusals";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { MoneyInput } from "../../../ui/form/MoneyInput";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { formatDisplayDate } from "./format";
import type { CollectionDetail } from "./types";
import classes from "./collections.module.css";
import { FormError } from "../../../ui/form/FormError";

interface Props {
  collection: CollectionDetail;
  opened: boolean;
  onClose: () => void;
}

/** Corrects a verified collection: corrected figures for chosen machines and a reason. */
export function AdjustModal({ collection, opened, onClose }: Props) {
  const { t } = useTranslation("collections");
  const adjust = useMutation(api.collections.adjust);
  const form = useSchemaForm(adjustmentFormSchema, {
    initialValues: {
      reason: "",
      lines: collection.lines.map((l) => ({ machineId: l.machineId, chosen: false, coinsCents: l.coinsCents, billsCents: l.billsCents })),
    },
  });
  const [busy, setBusy] = useState(false);
  const values = form.getValues();

  const save = async ({ reason, lines }: z.output<typeof adjustmentFormSchema>) => {
    setBusy(true);
    try {
      const result = await adjust({
        collectionId: collection._id,
        reason,
        lines: lines.filter((l) => l.chosen).map((l) => ({ machineId: l.machineId, coinsCents: l.coinsCents, billsCents: l.billsCents })),
      });
      notifySuccess(t("adminCollections.adjusted", { delta: formatUSD(result.deltaCents) }));
      onClose();
    } catch (error) {
      notifyError(errorText(error, t("adminCollections.adjustFailed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("adminCollections.adjustTitle", { store: collection.storeName, date: formatDisplayDate(collection.businessDate) })}
      size="lg"
      fullScreen={typeof window !== "undefined" && window.innerWidth < 768}
    >
      <form onSubmit={form.submit(save)} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("adminCollections.adjustHelp")}
          </Text>
          {collection.lines.map((l, i) => {
            const coinsLabel = l.isChanger ? t("record.coinsOut") : t("record.coins");
            const billsLabel = l.isChanger ? t("record.billsIn") : t("record.bills");
            return (
              <Stack key={l.machineId} gap={4} data-testid="adjust-line">
                <Checkbox
                  size="md"
                  label={`${l.label} · ${l.typeName} · ${formatUSD(l.amountCents)}`}
                  {...form.getInputProps(`lines.${i}.chosen`, { type: "checkbox" })}
                  onChange={(e) => {
                    form.setFieldValue(`lines.${i}.chosen`, e.currentTarget.checked);
                    form.clearFieldError("lines");
                  }}
                />
                {values.lines[i]?.chosen ? (
                  <SimpleGrid cols={2} spacing="xs">
                    <MoneyInput
                      label={coinsLabel}
                      aria-label={t("record.fieldAria", { machine: l.label, field: coinsLabel })}
                      classNames={{ input: classes.bigInput }}
                      {...form.getInputProps(`lines.${i}.coinsCents`)}
                    />
                    <MoneyInput
                      label={billsLabel}
                      aria-label={t("record.fieldAria", { machine: l.label, field: billsLabel })}
                      classNames={{ input: classes.bigInput }}
                      {...form.getInputProps(`lines.${i}.billsCents`)}
                    />
                  </SimpleGrid>
                ) : null}
              </Stack>
            );
          })}
          <FormError>{form.errors.lines}</FormError>
          <Textarea label={t("adminCollections.reason")} withAsterisk maxLength={500} autosize minRows={2} {...form.getInputProps("reason")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} className={classes.bigButton}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={busy} className={classes.bigButton}>
              {t("adminCollections.saveAdjustment")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
