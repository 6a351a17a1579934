// First, before any module that builds zod schemas: the refusal tables the kiosk reads, zod made jitless.
import { kioskRefusalText } from "./kioskRefusals";
import { formatClock } from "@tumble/domain/dateFormat";
import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Modal,
  Paper,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconAlertTriangle, IconBackspace, IconCircleCheck, IconCloudOff, IconDoorExit, IconEraser, IconWifi } from "@tabler/icons-react";
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { pinInput, PIN_MAX_LENGTH } from "@tumble/domain/employeeForm";
import { refusalCode } from "@tumble/domain/refusals";
import {
  allowedActions,
  KIOSK_RESET_SECONDS,
  localizeTimeClockMessage,
  PUNCH_ACTIONS,
  stateAfter,
  timeClockMessage,
  type ClockState,
  type PunchAction,
} from "@tumble/domain/timeClock";
import { useAuth } from "../../lib/auth";
import { FunctionError } from "../../lib/errors";
import i18n, { currentLanguage, type Language } from "../../lib/i18n";
import { forgetKioskDevice, readKioskDevice, saveKioskDevice, watchKioskDevice, type KioskDevice, type KioskEnded } from "./kioskDevice";
import { kioskCalls, OfflineError, type KioskStatus } from "./kioskCalls";
import { cacheKioskShell, installKioskShell, removeKioskShell } from "./offlineShell";
import { clearQueue, flushQueue, newClientPunchId, queuedPunches, queuePunch, type QueuedPunch } from "./punchQueue";
import "./kioskStyles";
import classes from "./KioskApp.module.css";

// The store kiosk (/kiosk): full screen, outside the staff shell, large touch targets. An employee
// types their username and PIN, sees their state and only the buttons that apply, punches, sees the
// time it was recorded, and the kiosk returns to its start screen by itself. Without a network the
// punch is kept on the device with the time it was made and sent when the network returns.
// A browser that is a kiosk shows only this page (issue 31), also once the kiosk is revoked or its
// registration has expired; "Leave kiosk mode" takes a manager's e-mail and password.

const ACTION_COLOR: Record<PunchAction, string> = { clockIn: "teal", breakStart: "yellow", breakEnd: "blue", clockOut: "red" };
/** Last known state per username on this device, for choosing buttons while offline. */
const KNOWN_STATES_KEY = "tumble.kiosk.states";

type Step =
  | { kind: "start" }
  | { kind: "choose"; status: KioskStatus | null; username: string; pin: string }
  | { kind: "done"; action: PunchAction; at: number; name: string | null; queued: boolean; shownAt: number }
  | { kind: "error"; message: string; shownAt: number };

function knownStates(): Record<string, { state: ClockState; name: string }> {
  try {
    return JSON.parse(window.localStorage.getItem(KNOWN_STATES_KEY) ?? "{}") as Record<string, { state: ClockState; name: string }>;
  } catch {
    return {};
  }
}

function rememberState(username: string, state: ClockState, name: string): void {
  const all = knownStates();
  all[username.trim().toLowerCase()] = { state, name };
  window.localStorage.setItem(KNOWN_STATES_KEY, JSON.stringify(all));
}

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

function useOnline(): [boolean, (online: boolean) => void] {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener("online", on);
    window.addEventListener("offline", off);
    return () => {
      window.removeEventListener("online", on);
      window.removeEventListener("offline", off);
    };
  }, []);
  return [online, setOnline];
}

/**
 * A manager's screen hands a new credential over in the URL fragment (never sent to the server)
 * when it turns this browser into a kiosk: kept, and the fragment cleared at once.
 */
function takeHandoff(): KioskDevice | null {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const kioskToken = params.get("kioskToken");
  const kioskId = params.get("kioskId");
  if (!kioskToken || !kioskId) return readKioskDevice();
  window.history.replaceState(null, "", window.location.pathname);
  const device = { kioskToken, kioskId, name: params.get("name") ?? "", storeName: params.get("store") ?? "", timeZone: "" };
  saveKioskDevice(device);
  return device;
}

/** The server's refusal of the credential itself: the kiosk has ended. */
function endedBy(error: unknown): KioskEnded | null {
  if (!(error instanceof FunctionError)) return null;
  const code = refusalCode(error);
  if (code === "timeClock.kioskRevoked") return "revoked";
  if (code === "timeClock.kioskExpired") return "expired";
  return null;
}

/** Forgets everything kiosk mode kept on this browser and opens the (signed-out) staff app. */
async function leaveKioskMode(): Promise<void> {
  forgetKioskDevice();
  window.localStorage.removeItem(KNOWN_STATES_KEY);
  await clearQueue().catch(() => undefined);
  await removeKioskShell();
  window.location.replace("/");
}

export default function KioskApp() {
  const [device, setDevice] = useState<KioskDevice | null>(takeHandoff);
  const { t } = useTranslation("timeclock");
  const { isAuthenticated, signOut } = useAuth();

  // Nobody stays signed in to the staff app on a kiosk (a session from before it became one ends).
  const isKiosk = device !== null;
  useEffect(() => {
    if (isKiosk && isAuthenticated) void signOut();
  }, [isKiosk, isAuthenticated, signOut]);

  // Another tab of this browser took it out of kiosk mode.
  useEffect(
    () =>
      watchKioskDevice((stillKiosk) => {
        if (!stillKiosk && isKiosk) window.location.replace("/");
      }),
    [isKiosk],
  );

  useEffect(() => {
    // index.html's prerendered sign-in screen (decision 0017) is not this page's.
    document.getElementById("signin-prerender")?.remove();
    document.title = t("kiosk.documentTitle");
    installKioskShell();
    // Both languages' texts are loaded now, so the toggle works offline too.
    void i18n
      .loadNamespaces(["timeclock", "common"])
      .then(() => i18n.loadLanguages(["en", "es"]))
      .then(() => cacheKioskShell());
  }, [t]);

  if (!device) return <Message title={t("kiosk.notKioskTitle")} body={t("kiosk.notKioskBody")} />;
  if (device.ended) {
    return (
      <Ended
        device={device}
        onBack={() => {
          const next = { ...device };
          delete next.ended;
          saveKioskDevice(next);
          setDevice(next);
        }}
      />
    );
  }
  return (
    <KioskScreen
      device={device}
      onEnded={(ended) => {
        // Released from another tab meanwhile: nothing is left to mark.
        if (!readKioskDevice()) return window.location.replace("/");
        const next = { ...device, ended };
        saveKioskDevice(next);
        setDevice(next);
      }}
      onInfo={(info) => {
        const next = { ...device, name: info.name, storeName: info.storeName, timeZone: info.timeZone };
        if (next.name !== device.name || next.storeName !== device.storeName || next.timeZone !== device.timeZone) {
          saveKioskDevice(next);
          setDevice(next);
        }
      }}
    />
  );
}

function Message({ title, body, children }: { title: string; body: string; children?: ReactNode }) {
  return (
    <Box className={classes.page} data-testid="kiosk-message">
      <Center className={classes.main}>
        <Paper className={classes.card} p="xl" radius="lg" withBorder>
          <Stack gap="md" align="center" ta="center">
            <IconAlertTriangle size={56} aria-hidden />
            <Title order={1}>{title}</Title>
            <Text size="lg">{body}</Text>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}

/**
 * A revoked or expired kiosk: it says so and offers the way out. An expired one asks again now and
 * then, so a manager extending it from the kiosk list brings this tablet back by itself.
 */
function Ended({ device, onBack }: { device: KioskDevice; onBack(): void }) {
  const { t } = useTranslation("timeclock");
  const expired = device.ended === "expired";
  useEffect(() => {
    if (!expired) return;
    const check = () => {
      if (!navigator.onLine) return;
      kioskCalls
        .current(device.kioskToken)
        .then(onBack)
        .catch(() => undefined);
    };
    check();
    window.addEventListener("online", check);
    const timer = window.setInterval(check, 60_000);
    return () => {
      window.removeEventListener("online", check);
      window.clearInterval(timer);
    };
  }, [expired, device.kioskToken]); // eslint-disable-line react-hooks/exhaustive-deps -- onBack is a new function each render
  return (
    <Message
      title={t(expired ? "kiosk.expiredTitle" : "kiosk.revokedTitle")}
      body={localizeTimeClockMessage(timeClockMessage(expired ? "kioskExpired" : "kioskRevoked"), currentLanguage())}
    >
      <Text c="dimmed">{t(expired ? "kiosk.leave.endedHint.expired" : "kiosk.leave.endedHint.revoked")}</Text>
      <LeaveKioskMode device={device} variant="default" />
    </Message>
  );
}

function KioskScreen({
  device,
  onEnded,
  onInfo,
}: {
  device: KioskDevice;
  onEnded(ended: KioskEnded): void;
  onInfo(info: { name: string; storeName: string; timeZone: string }): void;
}) {
  const { t } = useTranslation("timeclock");
  const language = currentLanguage();
  const now = useNow(1000);
  const [online, setOnline] = useOnline();
  const [step, setStep] = useState<Step>({ kind: "start" });
  const [pending, setPending] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const timeZone = device.timeZone || undefined;
  const clock = (at: number, seconds = false) => formatClock(at, timeZone, seconds);
  // By the refusal's code (decision 0067), else by its English.
  const message = (error: unknown) => kioskRefusalText(error, language);

  const refused = useCallback(
    (error: unknown) => {
      const ended = endedBy(error);
      if (ended) onEnded(ended);
    },
    [onEnded],
  );

  // Sends what waits in the queue, oldest first; reports punches the server refused.
  const sync = useCallback(async () => {
    // Nothing is tried while the browser knows it has no network; the "online" event brings it back.
    if (!navigator.onLine) return;
    const left = await flushQueue(async (punch: QueuedPunch) => {
      try {
        const result = await kioskCalls.punch(device.kioskToken, { ...punch, offline: true });
        setOnline(true);
        rememberState(punch.username, result.state, result.employeeName);
        return "sent";
      } catch (error) {
        if (error instanceof OfflineError) {
          setOnline(false);
          return "offline";
        }
        refused(error);
        setNotice(t("kiosk.queuedRefused", { username: punch.username, message: message(error) }));
        return "refused";
      }
    });
    setPending(left);
  }, [device.kioskToken, refused, setOnline, t]); // eslint-disable-line react-hooks/exhaustive-deps -- message follows the language at call time

  // Who this kiosk is (and that it still may be one), then any punches left from before.
  useEffect(() => {
    void queuedPunches().then((q) => setPending(q.length));
    if (!navigator.onLine) return setOnline(false);
    kioskCalls
      .current(device.kioskToken)
      .then((info) => {
        setOnline(true);
        onInfo(info);
        return sync();
      })
      .catch((error: unknown) => {
        if (error instanceof OfflineError) setOnline(false);
        else refused(error);
      });
  }, [device.kioskToken]); // eslint-disable-line react-hooks/exhaustive-deps -- once per credential

  useEffect(() => {
    const retry = () => void sync();
    window.addEventListener("online", retry);
    const timer = window.setInterval(retry, 15_000);
    return () => {
      window.removeEventListener("online", retry);
      window.clearInterval(timer);
    };
  }, [sync]);

  // The confirmation and errors go back to the start screen by themselves.
  const countdown =
    step.kind === "done" || step.kind === "error"
      ? Math.min(KIOSK_RESET_SECONDS, Math.max(1, KIOSK_RESET_SECONDS - Math.floor((now - step.shownAt) / 1000)))
      : 0;
  useEffect(() => {
    if (step.kind !== "done" && step.kind !== "error") return;
    const timer = window.setTimeout(() => setStep({ kind: "start" }), KIOSK_RESET_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [step]);

  // A choice left open goes back too, so nobody's PIN stays on the screen.
  useEffect(() => {
    if (step.kind !== "choose") return;
    const timer = window.setTimeout(() => setStep({ kind: "start" }), 30_000);
    return () => window.clearTimeout(timer);
  }, [step]);

  const lookUp = async (username: string, pin: string) => {
    if (!navigator.onLine) {
      setOnline(false);
      setStep({ kind: "choose", status: null, username, pin });
      return;
    }
    try {
      const status = await kioskCalls.status(device.kioskToken, username, pin);
      setOnline(true);
      rememberState(username, status.state, status.employeeName);
      setStep({ kind: "choose", status, username, pin });
    } catch (error) {
      if (error instanceof OfflineError) {
        setOnline(false);
        setStep({ kind: "choose", status: null, username, pin });
        return;
      }
      refused(error);
      setStep({ kind: "error", message: message(error), shownAt: Date.now() });
    }
  };

  const punch = async (action: PunchAction, username: string, pin: string, jobId?: string | null) => {
    const deviceTime = Date.now();
    const clientPunchId = newClientPunchId();
    const keep = async () => {
      await queuePunch({ clientPunchId, username, pin, action, deviceTime });
      setPending((await queuedPunches()).length);
      const known = knownStates()[username.trim().toLowerCase()];
      rememberState(username, stateAfter(action), known?.name ?? "");
      setStep({ kind: "done", action, at: deviceTime, name: known?.name ?? null, queued: true, shownAt: Date.now() });
    };
    if (!navigator.onLine) return keep();
    try {
      const result = await kioskCalls.punch(device.kioskToken, { username, pin, action, clientPunchId, ...(jobId !== undefined ? { jobId } : {}) });
      rememberState(username, result.state, result.employeeName);
      setStep({ kind: "done", action, at: result.occurredAt, name: result.employeeName, queued: false, shownAt: Date.now() });
      void sync();
    } catch (error) {
      if (error instanceof OfflineError) {
        setOnline(false);
        return keep();
      }
      refused(error);
      setStep({ kind: "error", message: message(error), shownAt: Date.now() });
    }
  };

  return (
    <Box className={classes.page} data-testid="kiosk">
      <header className={classes.header}>
        <div>
          <Text fw={700} size="xl" data-testid="kiosk-store">
            {device.storeName}
          </Text>
          <Text size="sm" c="dimmed">
            {device.name}
          </Text>
        </div>
        <Text className={classes.clock} aria-live="off" data-testid="kiosk-clock">
          {clock(now)}
        </Text>
        <Group gap="sm" wrap="wrap" justify="flex-end">
          {online ? (
            <Badge
              className={classes.status}
              size="lg"
              color="teal"
              variant="light"
              leftSection={<IconWifi size={16} aria-hidden />}
              data-testid="kiosk-online"
            >
              {t("kiosk.online")}
            </Badge>
          ) : (
            <Badge
              className={classes.status}
              size="lg"
              color="orange"
              variant="filled"
              leftSection={<IconCloudOff size={16} aria-hidden />}
              data-testid="kiosk-offline"
            >
              {t("kiosk.offline")}
            </Badge>
          )}
          <SegmentedControl
            className={classes.language}
            size="lg"
            value={language}
            onChange={(value) => void i18n.changeLanguage(value as Language)}
            aria-label={t("kiosk.language")}
            data={[
              { value: "en", label: "English" },
              { value: "es", label: "Español" },
            ]}
          />
        </Group>
      </header>

      {!online || pending > 0 ? (
        <Alert className={classes.banner} color={online ? "blue" : "orange"} icon={<IconCloudOff aria-hidden />} data-testid="kiosk-pending">
          {!online ? t("kiosk.offlineBanner") : null} {pending > 0 ? t("kiosk.pending", { count: pending }) : null}
        </Alert>
      ) : null}
      {notice ? (
        <Alert className={classes.banner} color="red" withCloseButton onClose={() => setNotice(null)} closeButtonLabel={t("kiosk.dismiss")}>
          {notice}
        </Alert>
      ) : null}

      <main className={classes.main}>
        <Paper className={classes.card} p="xl" radius="lg" withBorder>
          {step.kind === "start" ? <StartStep onSubmit={(username, pin) => void lookUp(username, pin)} /> : null}
          {step.kind === "choose" ? (
            <ChooseStep
              step={step}
              clock={clock}
              onPunch={(action, jobId) => void punch(action, step.username, step.pin, jobId)}
              onCancel={() => setStep({ kind: "start" })}
            />
          ) : null}
          {step.kind === "done" ? (
            <Stack align="center" ta="center" gap="md" data-testid="kiosk-done">
              <IconCircleCheck size={72} color="var(--mantine-color-teal-6)" aria-hidden />
              <Title order={1} data-testid="kiosk-confirmation">
                {t(step.queued ? `kiosk.saved.${step.action}` : `kiosk.done.${step.action}`, { time: clock(step.at), name: step.name ?? "" })}
              </Title>
              {step.name ? <Text size="xl">{step.name}</Text> : null}
              {step.queued ? <Text size="lg">{t("kiosk.savedNote")}</Text> : null}
              <Text c="dimmed" data-testid="kiosk-countdown">
                {t("kiosk.backIn", { count: countdown })}
              </Text>
              <Button className={classes.big} size="xl" variant="default" onClick={() => setStep({ kind: "start" })}>
                {t("kiosk.finish")}
              </Button>
            </Stack>
          ) : null}
          {step.kind === "error" ? (
            <Stack align="center" ta="center" gap="md" data-testid="kiosk-error">
              <IconAlertTriangle size={64} color="var(--mantine-color-red-6)" aria-hidden />
              <Title order={1} size="h2" role="alert">
                {step.message}
              </Title>
              <Text c="dimmed">{t("kiosk.backIn", { count: countdown })}</Text>
              <Button className={classes.big} size="xl" variant="default" onClick={() => setStep({ kind: "start" })}>
                {t("kiosk.tryAgain")}
              </Button>
            </Stack>
          ) : null}
        </Paper>
      </main>
      <footer className={classes.footer}>
        <LeaveKioskMode device={device} pending={pending} />
      </footer>
    </Box>
  );
}

/** "Leave kiosk mode": a manager of the kiosk's company types their e-mail and password. */
function LeaveKioskMode({ device, pending = 0, variant = "subtle" }: { device: KioskDevice; pending?: number; variant?: "subtle" | "default" }) {
  const { t } = useTranslation("timeclock");
  const [opened, setOpened] = useState(false);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = useCallback(() => {
    setOpened(false);
    setEmail("");
    setPassword("");
    setError(null);
  }, []);
  // Left open at the counter, it closes by itself and forgets what was typed.
  useEffect(() => {
    if (!opened) return;
    const timer = window.setTimeout(close, 60_000);
    return () => window.clearTimeout(timer);
  }, [opened, email, password, close]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) return setError(t("kiosk.leave.required"));
    setBusy(true);
    setError(null);
    try {
      await kioskCalls.release(device.kioskToken, email.trim(), password);
      await leaveKioskMode();
    } catch (e) {
      setBusy(false);
      setPassword("");
      // The server does not know this credential at all: there is nothing left to protect.
      if (e instanceof FunctionError && refusalCode(e) === "timeClock.kioskRevoked") return leaveKioskMode();
      if (e instanceof OfflineError) return setError(t("kiosk.leave.offline"));
      const message = e instanceof Error ? e.message : String(e);
      // The sign-in limits still refuse by text; the kiosk's own refusals carry their codes.
      if (refusalCode(e) === "timeClock.tooManyAttempts" || /too many attempts/i.test(message)) return setError(t("kiosk.leave.tooMany"));
      setError(kioskRefusalText(e, currentLanguage()));
    }
  };

  return (
    <>
      <Button
        variant={variant}
        color={variant === "subtle" ? "gray" : undefined}
        size={variant === "subtle" ? "sm" : "lg"}
        leftSection={<IconDoorExit size={18} aria-hidden />}
        className={variant === "subtle" ? classes.leave : undefined}
        onClick={() => setOpened(true)}
        data-testid="kiosk-leave"
      >
        {t("kiosk.leave.button")}
      </Button>
      <Modal opened={opened} onClose={close} title={t("kiosk.leave.title")} size="md" centered closeButtonProps={{ "aria-label": t("kiosk.cancel") }}>
        <form onSubmit={(e) => void submit(e)} data-testid="kiosk-leave-dialog">
          <Stack gap="md">
            <Text>{t("kiosk.leave.body")}</Text>
            {pending > 0 ? (
              <Alert color="orange" icon={<IconCloudOff aria-hidden />}>
                {t("kiosk.leave.pending", { count: pending })}
              </Alert>
            ) : null}
            <TextInput
              size="lg"
              type="email"
              label={t("kiosk.leave.email")}
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              data-autofocus
              data-testid="kiosk-leave-email"
            />
            <PasswordInput
              size="lg"
              label={t("kiosk.leave.password")}
              autoComplete="off"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              visibilityToggleButtonProps={{ "aria-label": t("kiosk.leave.showPassword") }}
              data-testid="kiosk-leave-password"
            />
            {error ? (
              <Alert color="red" role="alert" data-testid="kiosk-leave-error">
                {error}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" size="lg" onClick={close} disabled={busy} data-testid="kiosk-leave-cancel">
                {t("kiosk.cancel")}
              </Button>
              <Button type="submit" size="lg" color="red" loading={busy} data-testid="kiosk-leave-submit">
                {t("kiosk.leave.submit")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

function StartStep({ onSubmit }: { onSubmit(username: string, pin: string): void }) {
  const { t } = useTranslation("timeclock");
  const [username, setUsername] = useState("");
  const [pin, setPin] = useState("");
  const [busy, setBusy] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  useEffect(() => usernameRef.current?.focus(), []);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!username.trim() || !pin) return;
    setBusy(true);
    onSubmit(username.trim(), pin);
  };
  const press = (key: string) => {
    if (key === "clear") setPin("");
    else if (key === "back") setPin((p) => p.slice(0, -1));
    else setPin((p) => pinInput(p + key, PIN_MAX_LENGTH));
  };
  return (
    <form onSubmit={submit} data-testid="kiosk-start">
      <Stack gap="lg">
        <Title order={1} ta="center">
          {t("kiosk.welcome")}
        </Title>
        <TextInput
          ref={usernameRef}
          classNames={{ input: classes.input }}
          size="xl"
          label={t("kiosk.username")}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          data-testid="kiosk-username"
        />
        <PasswordInput
          classNames={{ input: classes.input, innerInput: classes.input }}
          size="xl"
          label={t("kiosk.pin")}
          inputMode="numeric"
          autoComplete="off"
          maxLength={PIN_MAX_LENGTH}
          value={pin}
          onChange={(e) => setPin(pinInput(e.currentTarget.value, PIN_MAX_LENGTH))}
          visibilityToggleButtonProps={{ "aria-label": t("kiosk.showPin") }}
          data-testid="kiosk-pin"
        />
        <SimpleGrid cols={3} spacing="sm" className={classes.keypad}>
          {["1", "2", "3", "4", "5", "6", "7", "8", "9", "clear", "0", "back"].map((key) => (
            <Button
              key={key}
              className={classes.key}
              size="xl"
              variant="default"
              onClick={() => press(key)}
              aria-label={key === "clear" ? t("kiosk.clear") : key === "back" ? t("kiosk.deleteDigit") : key}
            >
              {key === "clear" ? <IconEraser size={28} aria-hidden /> : key === "back" ? <IconBackspace size={28} aria-hidden /> : key}
            </Button>
          ))}
        </SimpleGrid>
        <Button type="submit" className={classes.big} size="xl" loading={busy} disabled={!username.trim() || !pin} data-testid="kiosk-continue">
          {t("kiosk.continue")}
        </Button>
      </Stack>
    </form>
  );
}

function ChooseStep({
  step,
  clock,
  onPunch,
  onCancel,
}: {
  step: Extract<Step, { kind: "choose" }>;
  clock(at: number): string;
  onPunch(action: PunchAction, jobId?: string | null): void;
  onCancel(): void;
}) {
  const { t } = useTranslation("timeclock");
  const [busy, setBusy] = useState<PunchAction | null>(null);
  // A person with several jobs says which one a clock-in is for ("" is the profile's own job).
  const jobs = step.status?.jobs ?? [];
  const [job, setJob] = useState<string>(step.status?.defaultJobId ?? "");
  const known = step.status ? null : knownStates()[step.username.toLowerCase()];
  const status = step.status;
  const actions = status ? status.allowedActions : known ? allowedActions(known.state) : [...PUNCH_ACTIONS];
  const name = status?.employeeName ?? known?.name ?? step.username;
  let stateLine: string;
  if (!status) stateLine = t("kiosk.state.unknown");
  else if (status.state === "off") stateLine = t("kiosk.state.off");
  else stateLine = t(`kiosk.state.${status.state}`, { time: clock(status.since ?? status.clockInAt ?? 0), store: status.storeName ?? "" });
  return (
    <Stack gap="lg" data-testid="kiosk-choose">
      <div>
        <Title order={1} ta="center">
          {t("kiosk.hello", { name })}
        </Title>
        <Text size="xl" ta="center" data-testid="kiosk-state">
          {stateLine}
        </Text>
      </div>
      {jobs.length > 1 && actions.includes("clockIn") ? (
        <Stack gap={6}>
          <Text size="lg" fw={600} id="kiosk-job-label">
            {t("kiosk.job")}
          </Text>
          <SegmentedControl
            size="lg"
            fullWidth
            // Side by side only for two: three names do not fit a phone-sized kiosk.
            orientation={jobs.length > 2 ? "vertical" : "horizontal"}
            aria-labelledby="kiosk-job-label"
            value={job}
            onChange={setJob}
            data={jobs.map((j) => ({ value: j.id ?? "", label: j.title ?? t("kiosk.mainJob") }))}
            data-testid="kiosk-job"
          />
        </Stack>
      ) : null}
      <Stack gap="md">
        {actions.map((action) => (
          <Button
            key={action}
            className={classes.action}
            size="xl"
            color={ACTION_COLOR[action]}
            loading={busy === action}
            disabled={busy !== null && busy !== action}
            onClick={() => {
              setBusy(action);
              onPunch(action, action === "clockIn" && jobs.length > 1 ? job || null : undefined);
            }}
            data-testid={`kiosk-action-${action}`}
          >
            {t(`kiosk.actions.${action}`)}
          </Button>
        ))}
      </Stack>
      <Button className={classes.big} size="xl" variant="default" onClick={onCancel} disabled={busy !== null}>
        {t("kiosk.cancel")}
      </Button>
    </Stack>
  );
}
