import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { centsToDollarString, formatUSD, parseDollarsToCents } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { MAX_FIELD_CENTS } from "./draft";
import { formatDisplayDate } from "./format";
import type { CollectionDetail } from "./types";
import classes from "./collections.module.css";

interface Props {
  collection: CollectionDetail;
  opened: boolean;
  onClose: () => void;
}

type Row = { chosen: boolean; coins: string; bills: string };

/** Corrects a verified collection: corrected figures for chosen machines and a reason. */
export function AdjustModal({ collection, opened, onClose }: Props) {
  const { t } = useTranslation("collections");
  const adjust = useMutation(api.collections.adjust);
  const [rows, setRows] = useState<Record<string, Row>>(() =>
    Object.fromEntries(
      collection.lines.map((l) => [l.machineId, { chosen: false, coins: centsToDollarString(l.coinsCents), bills: centsToDollarString(l.billsCents) }]),
    ),
  );
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  const parse = (text: string): { cents: number; error?: undefined } | { cents?: undefined; error: string } => {
    const p = parseDollarsToCents(text);
    if (!p.ok) return { error: t("record.errors.invalid") };
    if (p.cents > MAX_FIELD_CENTS) return { error: t("record.errors.overLimit") };
    return { cents: p.cents };
  };
  const chosen = collection.lines.filter((l) => rows[l.machineId]?.chosen);
  const parsed = chosen.map((l) => ({ line: l, coins: parse(rows[l.machineId]!.coins), bills: parse(rows[l.machineId]!.bills) }));
  const invalid = parsed.some((p) => p.coins.error !== undefined || p.bills.error !== undefined);

  const onSubmit = async () => {
    setTried(true);
    if (!chosen.length || invalid || !reason.trim()) return;
    setBusy(true);
    try {
      const result = await adjust({
        collectionId: collection._id,
        reason: reason.trim(),
        lines: parsed.map((p) => ({ machineId: p.line.machineId, coinsCents: p.coins.cents ?? 0, billsCents: p.bills.cents ?? 0 })),
      });
      notifySuccess(t("adminCollections.adjusted", { delta: formatUSD(result.deltaCents) }));
      onClose();
    } catch (error) {
      notifyError(extractErrorMessage(error, t("adminCollections.adjustFailed")));
    } finally {
      setBusy(false);
    }
  };

  const set = (machineId: string, change: Partial<Row>) => setRows((r) => ({ ...r, [machineId]: { ...r[machineId]!, ...change } }));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("adminCollections.adjustTitle", { store: collection.storeName, date: formatDisplayDate(collection.businessDate) })}
      size="lg"
      fullScreen={typeof window !== "undefined" && window.innerWidth < 768}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("adminCollections.adjustHelp")}
        </Text>
        {collection.lines.map((l) => {
          const row = rows[l.machineId]!;
          const p = parsed.find((x) => x.line.machineId === l.machineId);
          return (
            <Stack key={l.machineId} gap={4} data-testid="adjust-line">
              <Checkbox
                size="md"
                label={`${l.label} · ${l.typeName} · ${formatUSD(l.amountCents)}`}
                checked={row.chosen}
                onChange={(e) => set(l.machineId, { chosen: e.currentTarget.checked })}
              />
              {row.chosen ? (
                <SimpleGrid cols={2} spacing="xs">
                  <TextInput
                    label={l.isChanger ? t("record.coinsOut") : t("record.coins")}
                    aria-label={t("record.fieldAria", { machine: l.label, field: l.isChanger ? t("record.coinsOut") : t("record.coins") })}
                    inputMode="decimal"
                    classNames={{ input: classes.bigInput }}
                    value={row.coins}
                    error={p?.coins.error}
                    onChange={(e) => set(l.machineId, { coins: e.currentTarget.value })}
                  />
                  <TextInput
                    label={l.isChanger ? t("record.billsIn") : t("record.bills")}
                    aria-label={t("record.fieldAria", { machine: l.label, field: l.isChanger ? t("record.billsIn") : t("record.bills") })}
                    inputMode="decimal"
                    classNames={{ input: classes.bigInput }}
                    value={row.bills}
                    error={p?.bills.error}
                    onChange={(e) => set(l.machineId, { bills: e.currentTarget.value })}
                  />
                </SimpleGrid>
              ) : null}
            </Stack>
          );
        })}
        {tried && !chosen.length ? (
          <Text c="red" size="sm">
            {t("adminCollections.chooseMachine")}
          </Text>
        ) : null}
        <Textarea
          label={t("adminCollections.reason")}
          required
          maxLength={500}
          autosize
          minRows={2}
          value={reason}
          error={tried && !reason.trim() ? t("adminCollections.reasonRequired") : undefined}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} className={classes.bigButton}>
            {t("common.cancel")}
          </Button>
          <Button onClick={() => void onSubmit()} loading={busy} className={classes.bigButton}>
            {t("adminCollections.saveAdjustment")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
