import { Alert, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { countedDenominations, countFormSchema } from "@tumble/domain/cashForms";
import { countTotalCents, DENOMINATIONS, VARIANCE_REASONS, varianceNeedsReason, type Denomination } from "@tumble/domain/cashLedger";
import { formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { FunctionError } from "../../../lib/errors";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSubmissionKeys } from "../../../lib/submissionKey";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { accountName } from "./accountName";
import classes from "./cash.module.css";
import { errorText } from "./messages";
import type { PhysicalCount } from "./types";

const FORMS = ["coin", "roll", "bill"] as const;

/** "25¢", "$1", "$20": the face value of a coin, roll's coin or bill. */
function face(d: Denomination): string {
  const cents = Number(d.code.split("_")[1]);
  return cents < 100 ? `${cents}¢` : `$${cents / 100}`;
}

export interface CountResult {
  expectedCents: number;
  countedCents: number;
  varianceCents: number;
}

interface Props {
  count: PhysicalCount;
  thresholdCents: number;
  onSubmitted: (result: CountResult) => void;
}

/**
 * Counting one account by denomination on a phone: pieces per coin, roll and bill, the total as
 * it is typed and, unless the count is blind, the expected figure and the difference.
 */
export function CountForm({ count, thresholdCents, onSubmitted }: Props) {
  const { t } = useTranslation("cash");
  const submit = useMutation(api.physicalCounts.submit);
  const keys = useSubmissionKeys();
  const [busy, setBusy] = useState(false);
  // A blind count learns it needs a reason only when the server weighs it.
  const [refused, setRefused] = useState<CountResult | null>(null);
  const form = useSchemaForm(countFormSchema, {
    initialValues: { pieces: Object.fromEntries(DENOMINATIONS.map((d) => [d.code, "" as const])), reason: "", note: "" },
  });
  const values = form.getValues();
  const denominations = countedDenominations(values.pieces as Record<string, number | "">);
  let totalCents = 0;
  try {
    totalCents = countTotalCents(denominations);
  } catch {
    // A piece count out of range shows its own error under the field.
  }
  const expected = count.expectedCents;
  const liveVariance = expected === null ? null : totalCents - expected;
  const needsReason = (liveVariance !== null && varianceNeedsReason(liveVariance, thresholdCents)) || refused !== null;

  const save = async (v: z.output<typeof countFormSchema>) => {
    if (needsReason && (!v.reason || !v.note)) {
      if (!v.reason) form.setFieldError("reason", t("count.reasonRequired"));
      if (!v.note) form.setFieldError("note", t("count.noteRequired"));
      return;
    }
    const args = {
      countId: count._id,
      denominations: countedDenominations(v.pieces),
      ...(v.reason ? { reason: v.reason } : {}),
      ...(v.note ? { note: v.note } : {}),
    };
    setBusy(true);
    try {
      const result = await keys.run(args, (idempotencyKey) => submit({ ...args, idempotencyKey }));
      notifySuccess(t("count.submitted"));
      onSubmitted(result);
    } catch (error) {
      const data = error instanceof FunctionError ? (error.data as Partial<CountResult> | undefined) : undefined;
      if (data && typeof data.varianceCents === "number") {
        setRefused({ expectedCents: data.expectedCents!, countedCents: data.countedCents!, varianceCents: data.varianceCents });
        form.setFieldError("reason", t("count.reasonRequired"));
      }
      notifyError(errorText(error, t("count.failed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    // Visible overflow: the sticky total sticks to the screen, not to the card.
    <Card withBorder radius="md" p={{ base: "sm", sm: "md" }} style={{ overflow: "visible" }} data-testid="count-form">
      <form onSubmit={form.submit(save)} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4">
              {t("count.counting", { account: accountName(t, { kind: count.accountKind, name: count.accountName }) })}
            </Title>
            <Text size="sm" c="dimmed">
              {count.blind ? t("count.blindHelp") : t("count.help")}
            </Text>
          </div>
          {FORMS.map((kind) => (
            <fieldset key={kind} style={{ border: 0, padding: 0, margin: 0 }}>
              <Text component="legend" fw={600} mb={6}>
                {t(`count.groups.${kind}`)}
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs">
                {DENOMINATIONS.filter((d) => d.form === kind).map((d) => (
                  <NumberInput
                    key={d.code}
                    label={t(`count.${kind}`, { value: face(d), worth: formatUSD(d.valueCents) })}
                    min={0}
                    allowDecimal={false}
                    allowNegative={false}
                    hideControls
                    inputMode="numeric"
                    size="md"
                    className={classes.pieces}
                    data-testid={`pieces-${d.code}`}
                    {...form.getInputProps(`pieces.${d.code}`)}
                  />
                ))}
              </SimpleGrid>
            </fieldset>
          ))}
          {needsReason ? (
            <Stack gap="sm">
              <Alert color="orange" variant="light" data-testid="variance-alert">
                {refused
                  ? t("count.refused", { variance: formatUSD(refused.varianceCents), threshold: formatUSD(thresholdCents) })
                  : t("count.beyond", { threshold: formatUSD(thresholdCents) })}
              </Alert>
              <Select
                label={t("count.reason")}
                data={VARIANCE_REASONS.map((r) => ({ value: r, label: t(`reasons.${r}`) }))}
                withAsterisk
                size="md"
                data-testid="variance-reason"
                {...form.getInputProps("reason")}
              />
              <Textarea label={t("count.note")} withAsterisk maxLength={1000} autosize minRows={2} size="md" {...form.getInputProps("note")} />
            </Stack>
          ) : null}
          <div className={classes.stickyTotal}>
            {expected !== null && liveVariance !== null ? (
              <Text size="sm" ta="right" data-testid="count-expected">
                {t("count.expectedLine", { expected: formatUSD(expected), variance: formatUSD(liveVariance) })}
              </Text>
            ) : null}
            <Group justify="flex-end" align="center" wrap="nowrap">
              <Stack gap={0} align="flex-end">
                <Text size="sm" c="dimmed">
                  {t("count.total")}
                </Text>
                <Text size="xl" fw={700} data-testid="count-total" aria-live="polite">
                  {formatUSD(totalCents)}
                </Text>
              </Stack>
              <Button type="submit" size="md" loading={busy} data-testid="count-submit" style={{ flexShrink: 0 }}>
                {t("count.submit")}
              </Button>
            </Group>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
