import { Alert, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconCoffee, IconLogin, IconLogout, IconMapPinOff, IconPlayerPlay } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { PunchAction } from "@tumble/domain/timeClock";
import { api } from "../../../lib/api";
import { useAction } from "../../../lib/hooks";
import { timeIn } from "./format";
import { phoneFix, PhoneLocationError } from "./location";
import { geoText, punchErrorText } from "./messages";
import type { OwnEmployment } from "./types";

const LOOK: Record<PunchAction, { color: string; icon: ReactNode }> = {
  clockIn: { color: "teal", icon: <IconLogin size={22} aria-hidden /> },
  breakStart: { color: "yellow", icon: <IconCoffee size={22} aria-hidden /> },
  breakEnd: { color: "blue", icon: <IconPlayerPlay size={22} aria-hidden /> },
  clockOut: { color: "red", icon: <IconLogout size={22} aria-hidden /> },
};

type Result = { kind: "done" | "flagged" | "refused" | "noLocation"; text: string };

const RESULT_LOOK: Record<Result["kind"], { color: string; icon: ReactNode }> = {
  done: { color: "teal", icon: <IconCircleCheck size={20} aria-hidden /> },
  flagged: { color: "yellow", icon: <IconAlertTriangle size={20} aria-hidden /> },
  refused: { color: "red", icon: <IconAlertTriangle size={20} aria-hidden /> },
  noLocation: { color: "orange", icon: <IconMapPinOff size={20} aria-hidden /> },
};

/** Where the employee is on the clock, and the punches that apply, sent with this phone's location. */
export function ClockCard({ me }: { me: OwnEmployment }) {
  const { t } = useTranslation("employment");
  const punch = useAction(api.timeclock.punch);
  const [busy, setBusy] = useState<PunchAction | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  // A person with several jobs says which one a clock-in is for ("" is the profile's own; unset: the store's).
  const [job, setJob] = useState<string | null>(null);
  const { clock } = me;
  const timeZone = me.stores.find((s) => s._id === clock.storeId)?.timeZone ?? me.week.timeZone;

  const run = async (action: PunchAction) => {
    setBusy(action);
    setResult(null);
    try {
      let fix;
      try {
        fix = await phoneFix();
      } catch (error) {
        // No location, no punch: the server would refuse it whatever the company's rule.
        const reason = error instanceof PhoneLocationError ? error.reason : "unavailable";
        setResult({ kind: "noLocation", text: t(`location.${reason}`) });
        return;
      }
      const chosen = action === "clockIn" && job !== null ? { jobId: job || null } : {};
      const outcome = await punch({ action, latitude: fix.latitude, longitude: fix.longitude, accuracy: fix.accuracy, ...chosen });
      const text = t(`done.${action}`, { time: timeIn(outcome.occurredAt, timeZone), store: outcome.storeName });
      // A punch accepted outside the zone (the company flags those) comes back with the reason.
      const flagged = (outcome as { message?: string | null }).message;
      if (flagged) setResult({ kind: "flagged", text: `${text} ${geoText(flagged)}` });
      else setResult({ kind: "done", text });
    } catch (error) {
      setResult({ kind: "refused", text: punchErrorText(error, t("punchFailed")) });
    } finally {
      setBusy(null);
    }
  };

  const status =
    clock.state === "off" ? (
      <Badge size="lg" variant="light" color="gray" data-testid="clock-state" data-state="off">
        {t("state.off")}
      </Badge>
    ) : (
      <Badge size="lg" variant="light" color={clock.state === "working" ? "teal" : "yellow"} data-testid="clock-state" data-state={clock.state}>
        {t(`state.${clock.state}`, { time: clock.since ? timeIn(clock.since, timeZone) : "", store: clock.storeName ?? "" })}
      </Badge>
    );

  return (
    <Card withBorder radius="md" p="md" data-testid="clock-card">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {t("clock.title")}
          </Title>
          {status}
        </Group>
        {clock.state !== "off" && clock.storeName ? (
          <Text size="sm" c="dimmed">
            {t("clock.at", { store: clock.storeName, time: clock.clockInAt ? timeIn(clock.clockInAt, timeZone) : "" })}
          </Text>
        ) : null}
        {me.allowedActions.length ? (
          <>
            {me.jobs.length > 1 && me.allowedActions.includes("clockIn") ? (
              <Select
                label={t("clock.job")}
                placeholder={t("clock.jobDefault")}
                data={me.jobs.map((j) => ({ value: j.id ?? "", label: j.title ?? t("clock.mainJob") }))}
                value={job}
                onChange={setJob}
                clearable
                comboboxProps={{ withinPortal: true }}
                data-testid="punch-job"
              />
            ) : null}
            <SimpleGrid cols={{ base: 1, xs: me.allowedActions.length }} spacing="sm">
              {me.allowedActions.map((action) => (
                <Button
                  key={action}
                  size="lg"
                  h={60}
                  color={LOOK[action].color}
                  leftSection={LOOK[action].icon}
                  loading={busy === action}
                  disabled={busy !== null && busy !== action}
                  onClick={() => void run(action)}
                  data-testid={`punch-${action}`}
                >
                  {t(`actions.${action}`)}
                </Button>
              ))}
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {t("clock.locationNote")}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t("clock.noActions")}
          </Text>
        )}
        {result ? (
          <Alert
            color={RESULT_LOOK[result.kind].color}
            icon={RESULT_LOOK[result.kind].icon}
            role={result.kind === "done" ? "status" : "alert"}
            data-testid="punch-result"
            data-kind={result.kind}
          >
            {result.text}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
