import { Alert, Badge, Button, Grid, Group, Modal, Paper, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconDeviceTablet } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDisplayTimestamp } from "@tumble/domain/dateFormat";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { api } from "../../../lib/api";
import { useAuth } from "../../../lib/auth";
import { useMutation, useQueryState } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { openConfirm } from "../../../ui/confirm";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn, SortState } from "../../../ui/table/types";
import { forgetThisKiosk, kioskHandoffUrl, KIOSK_PATH, thisKiosk } from "./thisKiosk";
import { OnTheClock } from "./OnTheClock";

// /employee-management/kiosk (canManageKiosks): turn this browser into a store's kiosk, the list of
// kiosks with when each was last seen (revoke one here), and who is on the clock now.

interface Kiosk {
  _id: string;
  name: string;
  storeId: string;
  storeName: string;
  createdAt: number;
  createdBy: string | null;
  lastSeenAt: number | null;
  revokedAt: number | null;
}

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
          <Badge color={k.revokedAt ? "gray" : "teal"} variant="light" style={{ minWidth: "max-content" }}>
            {k.revokedAt ? t("admin.status.revoked") : t("admin.status.active")}
          </Badge>
        ),
        sortValue: (k) => (k.revokedAt ? t("admin.status.revoked") : t("admin.status.active")),
        card: "badge",
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
                        .catch((error: unknown) => notifyError(extractErrorMessage(error)));
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
    [t, revoke],
  );

  return (
    <Stack gap="lg">
      {renaming ? <RenameKiosk kiosk={renaming} onClose={() => setRenaming(null)} /> : null}
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
  const [name, setName] = useState(kiosk.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = () => {
    if (!name.trim()) return setError(t("admin.nameRequired"));
    setBusy(true);
    rename({ kioskId: kiosk._id, name: name.trim() })
      .then(() => {
        notifySuccess(t("admin.renamed", { name: name.trim() }));
        onClose();
      })
      .catch((e: unknown) => setError(extractErrorMessage(e)))
      .finally(() => setBusy(false));
  };
  return (
    <Modal opened onClose={onClose} title={t("admin.renameTitle", { name: kiosk.name })} closeButtonProps={{ "aria-label": t("admin.cancel") }}>
      <Stack gap="sm">
        <TextInput
          label={t("admin.name")}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={80}
          data-autofocus
          data-testid="rename-kiosk-name"
        />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("admin.cancel")}
          </Button>
          <Button onClick={save} loading={busy} data-testid="rename-kiosk-save">
            {t("admin.renameSave")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Registers this browser as a store's kiosk and opens the kiosk page; or says it already is one.
 * Either way the person is signed out first: a counter tablet must not stay signed in as the
 * manager who set it up (anyone at the counter could open the staff app). Leaving kiosk mode is
 * signing in again.
 */
function ThisDevice({ stores }: { stores: Array<{ value: string; label: string }> }) {
  const { t } = useTranslation("timeclock");
  const register = useMutation(api.kiosks.register);
  const { signOut } = useAuth();
  const openKiosk = async (url: string) => {
    await signOut();
    window.location.assign(url);
  };
  const [device, setDevice] = useState(thisKiosk);
  const [storeId, setStoreId] = useState<string | null>(null);
  const [name, setName] = useState(() => t("admin.defaultName"));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!storeId) return setError(t("admin.chooseStore"));
    if (!name.trim()) return setError(t("admin.nameRequired"));
    setBusy(true);
    setError(null);
    try {
      const result = await register({ storeId, name: name.trim() });
      await openKiosk(kioskHandoffUrl({ kioskToken: result.kioskToken, kioskId: result.kioskId, name: name.trim(), storeName: result.storeName }));
    } catch (e) {
      setError(extractErrorMessage(e));
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
        {device ? (
          <>
            <Text>{t("admin.isKiosk", { name: device.name, store: device.storeName })}</Text>
            <Group>
              <Button onClick={() => void openKiosk(KIOSK_PATH)} data-testid="open-kiosk">
                {t("admin.openKiosk")}
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  forgetThisKiosk();
                  setDevice(null);
                }}
              >
                {t("admin.forget")}
              </Button>
            </Group>
          </>
        ) : (
          <>
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
              value={storeId}
              onChange={setStoreId}
              searchable
              data-testid="kiosk-store-select"
            />
            <TextInput label={t("admin.name")} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={80} data-testid="kiosk-name" />
            {error ? (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            ) : null}
            <Group>
              {/* The label wraps: the Spanish one is longer than the card at tablet width. */}
              <Button onClick={() => void submit()} loading={busy} h="auto" py={8} styles={{ label: { whiteSpace: "normal" } }} data-testid="register-kiosk">
                {t("admin.register")}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
