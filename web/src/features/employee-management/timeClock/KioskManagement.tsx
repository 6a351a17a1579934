import { Alert, Badge, Button, Grid, Group, Modal, Paper, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconDeviceTablet } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDisplayTimestamp, formatInstantDate } from "@tumble/domain/dateFormat";
import { KIOSK_VALID_DAYS_DEFAULT } from "@tumble/domain/timeClock";
import { kioskRegisterFormSchema, kioskRenameFormSchema } from "@tumble/domain/kioskForms";
import type { z } from "zod";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/kioskRefusals";
import { DEFAULT_ERROR_MESSAGE } from "@tumble/domain/errorMessage";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
import { useAuth } from "../../../lib/auth";
import { useMutation, useQueryState } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { openConfirm } from "../../../ui/confirm";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn, SortState } from "../../../ui/table/types";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { kioskHandoffUrl } from "./thisKiosk";
import { OnTheClock } from "./OnTheClock";

// /employee-management/kiosk (canManageKiosks): turn this browser into a store's kiosk, the list of
// kiosks with when each was last seen and when its registration expires (extend, rename or revoke
// one here), and who is on the clock now.

interface Kiosk {
  _id: string;
  name: string;
  storeId: string;
  storeName: string;
  createdAt: number;
  createdBy: string | null;
  lastSeenAt: number | null;
  revokedAt: number | null;
  expiresAt: number;
}

/** How long a registration lasts: the choices offered when registering and extending. */
const VALID_DAYS = [30, 90, 180, 365, 730] as const;

function useMinuteTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

type KioskState = "active" | "expired" | "revoked";
function stateOf(k: Kiosk, now: number): KioskState {
  if (k.revokedAt) return "revoked";
  return k.expiresAt <= now ? "expired" : "active";
}
const STATE_COLOR: Record<KioskState, string> = { active: "teal", expired: "orange", revoked: "gray" };

interface KioskSearch {
  store: string;
  sort: string;
  desc: boolean;
  page: number;
}

const SEARCH: SearchSchema<KioskSearch> = {
  store: param.text(64),
  sort: param.oneOf(["name", "store", "status", "lastSeen", "created"] as const),
  desc: (v) => (v === true || v === "true" ? true : undefined),
  page: param.int(1),
};

export function KioskManagement() {
  const { t } = useTranslation("timeclock");
  const [search, setSearch] = useSearchState(SEARCH);
  const kiosks = useQueryState(api.kiosks.list, search.store ? { storeId: search.store } : {});
  const stores = useQueryState(api.stores.listAll, {});
  const revoke = useMutation(api.kiosks.revoke);
  const [renaming, setRenaming] = useState<Kiosk | null>(null);
  const [extending, setExtending] = useState<Kiosk | null>(null);
  // A kiosk that expires while the screen is open shows it within the minute.
  const now = useMinuteTick();
  const sort: SortState | null = search.sort ? { id: search.sort, desc: Boolean(search.desc) } : null;
  const activeStores = (stores.data ?? []).filter((s) => s.isActive);

  const columns = useMemo<DataColumn<Kiosk>[]>(
    () => [
      { id: "name", header: t("admin.columns.name"), cell: (k) => k.name, sortValue: (k) => k.name, card: "title", hideable: false },
      { id: "store", header: t("admin.columns.store"), cell: (k) => k.storeName, sortValue: (k) => k.storeName },
      {
        id: "status",
        header: t("admin.columns.status"),
        cell: (k) => (
          <Badge color={STATE_COLOR[stateOf(k, now)]} variant="light" style={{ minWidth: "max-content" }} data-testid="kiosk-status">
            {t(`admin.status.${stateOf(k, now)}`)}
          </Badge>
        ),
        sortValue: (k) => t(`admin.status.${stateOf(k, now)}`),
        card: "badge",
      },
      {
        id: "expires",
        header: t("admin.columns.expires"),
        cell: (k) =>
          k.revokedAt ? (
            "—"
          ) : (
            <Stack gap={4} align="flex-start">
              <Text span size="sm" fw={stateOf(k, now) === "expired" ? 600 : undefined} data-testid="kiosk-expiry">
                {t(stateOf(k, now) === "expired" ? "admin.expiredOn" : "admin.expiresOn", { date: formatInstantDate(k.expiresAt) })}
              </Text>
              <Button size="compact-xs" variant="light" data-testid="extend-kiosk" onClick={() => setExtending(k)}>
                {t("admin.extend")}
              </Button>
            </Stack>
          ),
        sortValue: (k) => k.expiresAt,
        csv: (k) => new Date(k.expiresAt).toISOString(),
      },
      {
        id: "lastSeen",
        header: t("admin.columns.lastSeen"),
        cell: (k) => (k.lastSeenAt ? formatDisplayTimestamp(k.lastSeenAt) : t("admin.never")),
        sortValue: (k) => k.lastSeenAt ?? 0,
        csv: (k) => (k.lastSeenAt ? new Date(k.lastSeenAt).toISOString() : ""),
      },
      {
        id: "created",
        header: t("admin.columns.created"),
        cell: (k) => `${formatDisplayTimestamp(k.createdAt)}${k.createdBy ? ` · ${k.createdBy}` : ""}`,
        sortValue: (k) => k.createdAt,
      },
      {
        id: "actions",
        header: t("admin.columns.actions"),
        hideable: false,
        card: "footer",
        cell: (k) =>
          k.revokedAt ? null : (
            <Group gap={6} wrap="wrap">
              <Button size="xs" variant="light" data-testid="rename-kiosk" onClick={() => setRenaming(k)}>
                {t("admin.rename")}
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                data-testid="revoke-kiosk"
                onClick={() =>
                  openConfirm({
                    title: t("admin.revokeTitle", { name: k.name }),
                    message: t("admin.revokeMessage", { name: k.name, store: k.storeName }),
                    confirmLabel: t("admin.revoke"),
                    cancelLabel: t("admin.cancel"),
                    destructive: true,
                    confirmTestId: "confirm-revoke-kiosk",
                    onConfirm: () => {
                      revoke({ kioskId: k._id })
                        .then(() => notifySuccess(t("admin.revoked", { name: k.name })))
                        .catch((error: unknown) => notifyError(errorText(error, DEFAULT_ERROR_MESSAGE)));
                    },
                  })
                }
              >
                {t("admin.revoke")}
              </Button>
            </Group>
          ),
      },
    ],
    [t, revoke, now],
  );

  return (
    <Stack gap="lg">
      {renaming ? <RenameKiosk kiosk={renaming} onClose={() => setRenaming(null)} /> : null}
      {extending ? <ExtendKiosk kiosk={extending} onClose={() => setExtending(null)} /> : null}
      <ScreenTitle title={t("admin.title")} subtitle={t("admin.subtitle")} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ThisDevice stores={activeStores.map((s) => ({ value: s._id, label: s.name }))} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <OnTheClock />
        </Grid.Col>
      </Grid>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("admin.listTitle")}
        </Title>
        <DataTable
          tableId="kiosks"
          caption={t("admin.listTitle")}
          columns={columns}
          data={kiosks.data}
          error={kiosks.error}
          getRowId={(k) => k._id}
          rowName={(k) => k.name}
          sort={sort}
          onSortChange={(next) => setSearch({ sort: next?.id ?? "", desc: next?.desc ?? false, page: 1 })}
          page={search.page}
          onPageChange={(page) => setSearch({ page })}
          emptyText={t("admin.empty")}
          testId="kiosks-table"
          toolbar={
            <Select
              aria-label={t("admin.filterStore")}
              placeholder={t("admin.allStores")}
              clearable
              data={(stores.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
              value={search.store || null}
              onChange={(value) => setSearch({ store: value ?? "", page: 1 })}
              w={240}
            />
          }
        />
      </Stack>
    </Stack>
  );
}

function RenameKiosk({ kiosk, onClose }: { kiosk: Kiosk; onClose: () => void }) {
  const { t } = useTranslation("timeclock");
  const rename = useMutation(api.kiosks.rename);
  const form = useSchemaForm(kioskRenameFormSchema, { initialValues: { name: kiosk.name } });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = ({ name }: { name: string }) => {
    setError(null);
    setBusy(true);
    rename({ kioskId: kiosk._id, name })
      .then(() => {
        notifySuccess(t("admin.renamed", { name }));
        onClose();
      })
      .catch((e: unknown) => setError(errorText(e, DEFAULT_ERROR_MESSAGE)))
      .finally(() => setBusy(false));
  };
  return (
    <Modal opened onClose={onClose} title={t("admin.renameTitle", { name: kiosk.name })} closeButtonProps={{ "aria-label": t("admin.cancel") }}>
      <Stack gap="sm">
        <TextInput label={t("admin.name")} {...form.getInputProps("name")} maxLength={80} data-autofocus data-testid="rename-kiosk-name" />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("admin.cancel")}
          </Button>
          <Button onClick={() => form.submit(save)()} loading={busy} data-testid="rename-kiosk-save">
            {t("admin.renameSave")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function validDaysOptions(t: (key: string) => string) {
  return VALID_DAYS.map((days) => ({ value: String(days), label: t(`admin.validDays.${days}`) }));
}

/** Gives a kiosk more time from today; an expired one works again at once. */
function ExtendKiosk({ kiosk, onClose }: { kiosk: Kiosk; onClose: () => void }) {
  const { t } = useTranslation("timeclock");
  const extend = useMutation(api.kiosks.extend);
  const [days, setDays] = useState(String(KIOSK_VALID_DAYS_DEFAULT));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [openedAt] = useState(() => Date.now());
  const until = formatInstantDate(openedAt + Number(days) * 86_400_000);
  const save = () => {
    setBusy(true);
    extend({ kioskId: kiosk._id, validDays: Number(days) })
      .then(({ expiresAt }) => {
        notifySuccess(t("admin.extended", { name: kiosk.name, date: formatInstantDate(expiresAt) }));
        onClose();
      })
      .catch((e: unknown) => setError(errorText(e, DEFAULT_ERROR_MESSAGE)))
      .finally(() => setBusy(false));
  };
  return (
    <Modal opened onClose={onClose} title={t("admin.extendTitle", { name: kiosk.name })} closeButtonProps={{ "aria-label": t("admin.cancel") }}>
      <Stack gap="sm">
        <Text size="sm">{t("admin.extendBody", { name: kiosk.name, store: kiosk.storeName })}</Text>
        <Select
          label={t("admin.validFor")}
          data={validDaysOptions(t)}
          value={days}
          onChange={(value) => value && setDays(value)}
          allowDeselect={false}
          data-autofocus
          data-testid="extend-kiosk-days"
        />
        <Text size="sm" c="dimmed" data-testid="extend-kiosk-until">
          {t("admin.extendUntil", { date: until })}
        </Text>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("admin.cancel")}
          </Button>
          <Button onClick={save} loading={busy} data-testid="extend-kiosk-save">
            {t("admin.extend")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Registers this browser as a store's kiosk and opens the kiosk page, signing the person out
 * first: a counter tablet must not stay signed in as the manager who set it up. From then on the
 * browser shows nothing but the kiosk on every path (this screen included) until a manager types
 * their e-mail and password in "Leave kiosk mode" on the kiosk.
 */
function ThisDevice({ stores }: { stores: Array<{ value: string; label: string }> }) {
  const { t } = useTranslation("timeclock");
  const register = useMutation(api.kiosks.register);
  const { signOut } = useAuth();
  const openKiosk = async (url: string) => {
    await signOut();
    window.location.assign(url);
  };
  const form = useSchemaForm(kioskRegisterFormSchema, {
    initialValues: { storeId: "", name: t("admin.defaultName"), validDays: KIOSK_VALID_DAYS_DEFAULT },
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async ({ storeId, name, validDays }: z.output<typeof kioskRegisterFormSchema>) => {
    setBusy(true);
    setError(null);
    try {
      const result = await register({ storeId, name, validDays });
      await openKiosk(kioskHandoffUrl({ kioskToken: result.kioskToken, kioskId: result.kioskId, name, storeName: result.storeName }));
    } catch (e) {
      setError(errorText(e, DEFAULT_ERROR_MESSAGE));
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="this-device">
      <Stack gap="sm">
        <Group gap="xs">
          <IconDeviceTablet size={22} aria-hidden />
          <Title order={2} size="h4">
            {t("admin.thisDevice")}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t("admin.registerHelp")}
        </Text>
        <Text size="sm" c="dimmed">
          {t("admin.signsOut")}
        </Text>
        <Select
          label={t("admin.store")}
          placeholder={t("admin.chooseStore")}
          data={stores}
          {...form.getInputProps("storeId")}
          value={form.values.storeId || null}
          onChange={(value) => form.setFieldValue("storeId", value ?? "")}
          searchable
          data-testid="kiosk-store-select"
        />
        <TextInput label={t("admin.name")} {...form.getInputProps("name")} maxLength={80} data-testid="kiosk-name" />
        <Select
          label={t("admin.validFor")}
          description={t("admin.validHelp")}
          data={validDaysOptions(t)}
          value={String(form.values.validDays)}
          onChange={(value) => value && form.setFieldValue("validDays", Number(value))}
          allowDeselect={false}
          data-testid="kiosk-valid-days"
        />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group>
          {/* The label wraps: the Spanish one is longer than the card at tablet width. */}
          <Button
            onClick={() => form.submit(submit)()}
            loading={busy}
            h="auto"
            py={8}
            styles={{ label: { whiteSpace: "normal" } }}
            data-testid="register-kiosk"
          >
            {t("admin.register")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
