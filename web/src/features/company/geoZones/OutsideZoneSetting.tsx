import { Card, Radio, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { OUTSIDE_ZONE_POLICIES, type OutsideZonePolicy } from "@tumble/domain/geoZones";
import { api } from "../../../lib/api";
import { useMutation, useQuery } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { geoErrorText } from "./messages";

/** The company's choice for a phone punch outside its store's zone (or at a store without one). */
export function OutsideZoneSetting() {
  const { t } = useTranslation("geoZones");
  const settings = useQuery(api.geoZones.getSettings, {});
  const update = useMutation(api.geoZones.updateSettings);
  const [saving, setSaving] = useState<OutsideZonePolicy | null>(null);

  const choose = async (value: string) => {
    const outsideZone = value as OutsideZonePolicy;
    if (outsideZone === settings?.outsideZone) return;
    setSaving(outsideZone);
    try {
      await update({ outsideZone });
      notifySuccess(t("setting.saved"));
    } catch (error) {
      notifyError(geoErrorText(error, t("setting.failed")));
    } finally {
      setSaving(null);
    }
  };

  return (
    <Card withBorder radius="md" p="md" data-testid="outside-zone-setting">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("setting.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("setting.description")}
        </Text>
        {settings === undefined ? (
          <Skeleton height={56} />
        ) : (
          <Radio.Group value={saving ?? settings.outsideZone} onChange={(v) => void choose(v)} aria-label={t("setting.title")}>
            <Stack gap="xs" mt={4}>
              {OUTSIDE_ZONE_POLICIES.map((policy) => (
                <Radio key={policy} value={policy} label={t(`setting.${policy}`)} description={t(`setting.${policy}Hint`)} disabled={saving !== null} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      </Stack>
    </Card>
  );
}
