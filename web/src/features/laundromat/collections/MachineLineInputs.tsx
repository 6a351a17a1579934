import { Badge, Button, Collapse, Group, Paper, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconNotes } from "@tabler/icons-react";
import { memo, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { formatUSD } from "@tumble/domain/money";
import type { FieldValues, LineErrors } from "./draft";
import { MoneyTextInput } from "../../../ui/form/MoneyTextInput";
import { isChangerMachine, type RecordMachine } from "./types";
import classes from "./collections.module.css";

const FIELD_SELECTOR = "[data-collect-field]";

/** Enter moves to the next entry field of the walk, as the phone keyboard's "next" key does. */
export function focusNextField(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== "Enter") return;
  event.preventDefault();
  const fields = Array.from(document.querySelectorAll<HTMLInputElement>(FIELD_SELECTOR));
  const index = fields.indexOf(event.currentTarget);
  const next = fields[index + 1];
  if (next) {
    next.focus();
    next.select();
  } else event.currentTarget.blur();
}

interface Props {
  machine: RecordMachine;
  values: FieldValues | undefined;
  errors: LineErrors | undefined;
  amountCents: number | undefined;
  duplicate: boolean;
  onChange: (machineId: string, field: keyof FieldValues, value: string) => void;
}

/** One machine of the walk: its amounts, and an optional meter reading and note. */
export const MachineLineInputs = memo(function MachineLineInputs({ machine, values, errors, amountCents, duplicate, onChange }: Props) {
  const { t } = useTranslation("collections");
  const v = values ?? { coins: "", bills: "", meter: "", note: "" };
  const [moreOpen, setMoreOpen] = useState(() => Boolean(v.meter || v.note));
  const changer = isChangerMachine(machine);
  const showCoins = changer || machine.cashRules.acceptsCoins || !machine.cashRules.acceptsBills;
  const showBills = changer || machine.cashRules.acceptsBills || !machine.cashRules.acceptsCoins;
  const err = (key: LineErrors[keyof LineErrors]) => (key ? t(`record.errors.${key}`) : undefined);
  const amountField = (field: "coins" | "bills", label: string, aria: string) => (
    <MoneyTextInput
      label={label}
      aria-label={aria}
      enterKeyHint="next"
      size="md"
      classNames={{ input: classes.bigInput }}
      value={v[field]}
      error={err(errors?.[field])}
      onChange={(text) => onChange(machine._id, field, text)}
      onKeyDown={focusNextField}
      data-collect-field=""
    />
  );
  return (
    <Paper withBorder radius="md" p="sm" data-testid="record-machine" data-machine={machine.label}>
      <Group justify="space-between" wrap="nowrap" mb={6} gap="xs">
        <Group gap={8} wrap="nowrap" miw={0}>
          <span className={classes.swatch} style={{ background: machine.visualConfig.colorHex }} aria-hidden />
          <Text fw={700}>{machine.label}</Text>
          <Text size="sm" c="dimmed" truncate>
            {machine.equipmentType.name}
          </Text>
          {duplicate ? (
            <Badge color="orange" variant="light" size="sm">
              {t("record.duplicateShort")}
            </Badge>
          ) : null}
        </Group>
        <Text fw={600} size="sm" data-testid="record-machine-amount">
          {amountCents !== undefined ? formatUSD(amountCents) : ""}
        </Text>
      </Group>
      <SimpleGrid cols={showCoins && showBills ? 2 : 1} spacing="xs">
        {changer ? amountField("bills", t("record.billsIn"), t("record.fieldAria", { machine: machine.label, field: t("record.billsIn") })) : null}
        {showCoins
          ? amountField(
              "coins",
              changer ? t("record.coinsOut") : t("record.coins"),
              t("record.fieldAria", { machine: machine.label, field: changer ? t("record.coinsOut") : t("record.coins") }),
            )
          : null}
        {!changer && showBills ? amountField("bills", t("record.bills"), t("record.fieldAria", { machine: machine.label, field: t("record.bills") })) : null}
      </SimpleGrid>
      <Button
        variant="subtle"
        size="compact-sm"
        mt={6}
        leftSection={<IconNotes size={14} aria-hidden />}
        onClick={() => setMoreOpen((o) => !o)}
        aria-expanded={moreOpen}
        className={classes.moreButton}
      >
        {t("record.meterAndNote")}
      </Button>
      <Collapse expanded={moreOpen}>
        <Stack gap="xs" mt={4}>
          <TextInput
            label={t("record.meter")}
            aria-label={t("record.fieldAria", { machine: machine.label, field: t("record.meter") })}
            inputMode="numeric"
            enterKeyHint="next"
            size="md"
            classNames={{ input: classes.bigInput }}
            value={v.meter}
            error={err(errors?.meter)}
            onChange={(e) => onChange(machine._id, "meter", e.currentTarget.value)}
            onKeyDown={focusNextField}
          />
          <TextInput
            label={t("record.note")}
            aria-label={t("record.fieldAria", { machine: machine.label, field: t("record.note") })}
            maxLength={500}
            enterKeyHint="next"
            size="md"
            classNames={{ input: classes.bigInput }}
            value={v.note}
            onChange={(e) => onChange(machine._id, "note", e.currentTarget.value)}
            onKeyDown={focusNextField}
          />
        </Stack>
      </Collapse>
    </Paper>
  );
});
