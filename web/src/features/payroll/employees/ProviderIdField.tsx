import { Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
import { useMutation, useQueryState } from "../../../lib/hooks";
import { notifySuccess } from "../../../lib/notify";
import { useSubmissionKeys } from "../../../lib/submissionKey";

/** The person's id at the payroll provider (Gusto, ADP File #, Paychex Worker ID), used by the provider presets (decision 0054). */
export function ProviderIdField({ employeeId, name }: { employeeId: string; name: string }) {
  const { t } = useTranslation("payroll");
  const ids = useQueryState(api.payroll.externalIds, {});
  const saved = ids.data?.[employeeId] ?? "";
  // What is typed, for this person and this saved id; a new person or a saved change starts from the saved id.
  const [draft, setDraft] = useState<{ of: string; value: string } | null>(null);
  const of = `${employeeId}|${saved}`;
  const value = draft?.of === of ? draft.value : saved;
  const setValue = (next: string) => setDraft({ of, value: next });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const setExternalId = useMutation(api.payroll.setExternalId);
  const keys = useSubmissionKeys();
  const save = () => {
    const args = { employeeId, externalId: value.trim() };
    setSaving(true);
    setError(null);
    keys
      .run(args, (idempotencyKey) => setExternalId({ ...args, idempotencyKey }))
      .then(() => notifySuccess(t("providerId.saved", { name })))
      .catch((e: unknown) => {
        setError(errorText(e, t("actionFailed")));
      })
      .finally(() => setSaving(false));
  };
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {t("providerId.title")}
      </Title>
      <Text size="xs" c="dimmed">
        {t("providerId.hint")}
      </Text>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput
          aria-label={t("providerId.label")}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={error}
          maxLength={20}
          style={{ flex: "1 1 200px" }}
          data-testid="provider-id-input"
        />
        <Button variant="default" onClick={save} loading={saving} disabled={value.trim() === saved} data-testid="provider-id-save">
          {t("providerId.save")}
        </Button>
      </Group>
      {!saved ? (
        <Text size="xs" c="orange">
          {t("providerId.missing")}
        </Text>
      ) : null}
    </Stack>
  );
}
