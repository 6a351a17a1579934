import { Button, Card, Group, NumberInput, Stack, Text, Title } from "@mantine/core";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";

export interface Schedule {
  intervalHours: number;
  keep: number;
}

/** Scheduled backups: every N hours (0: off), keeping the newest M scheduled ones. */
export function ScheduleCard({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation("backups");
  const save = useMutation(api.backups.setSchedule);
  // Edited locally; the server's values come back as the key changes (see the screen).
  const [interval, setIntervalValue] = useState<number | string>(schedule.intervalHours);
  const [keep, setKeep] = useState<number | string>(schedule.keep);
  const [busy, setBusy] = useState(false);
  const intervalHours = Number(interval);
  const keepCount = Number(keep);
  const valid =
    Number.isInteger(intervalHours) && intervalHours >= 0 && intervalHours <= 744 && Number.isInteger(keepCount) && keepCount >= 1 && keepCount <= 365;
  const changed = intervalHours !== schedule.intervalHours || keepCount !== schedule.keep;

  const onSave = async () => {
    setBusy(true);
    try {
      await save({ intervalHours, keep: keepCount });
      notifySuccess(intervalHours ? t("schedule.saved", { hours: intervalHours, keep: keepCount }) : t("schedule.savedOff"));
    } catch (error) {
      notifyError(extractErrorMessage(error, t("schedule.saveFailed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="lg" data-testid="backup-schedule">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            {t("schedule.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {schedule.intervalHours ? t("schedule.on", { hours: schedule.intervalHours, keep: schedule.keep }) : t("schedule.off")}
          </Text>
        </div>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            label={t("schedule.interval")}
            description={t("schedule.intervalHint")}
            min={0}
            max={744}
            allowDecimal={false}
            allowNegative={false}
            value={interval}
            onChange={setIntervalValue}
            w={{ base: "100%", xs: 200 }}
            error={Number.isInteger(intervalHours) && intervalHours >= 0 && intervalHours <= 744 ? undefined : t("schedule.intervalInvalid")}
          />
          <NumberInput
            label={t("schedule.keep")}
            description={t("schedule.keepHint")}
            min={1}
            max={365}
            allowDecimal={false}
            allowNegative={false}
            value={keep}
            onChange={setKeep}
            w={{ base: "100%", xs: 200 }}
            error={Number.isInteger(keepCount) && keepCount >= 1 && keepCount <= 365 ? undefined : t("schedule.keepInvalid")}
          />
          <Button onClick={() => void onSave()} loading={busy} disabled={!valid || !changed}>
            {t("schedule.save")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
