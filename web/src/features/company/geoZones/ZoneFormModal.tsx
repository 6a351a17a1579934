import { Alert, Anchor, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm, type FormErrors } from "@mantine/form";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertTriangle, IconCurrentLocation, IconExternalLink, IconMapPin } from "@tabler/icons-react";
import { lazy, Suspense, useState, type ClipboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import {
  DEFAULT_RADIUS_METERS,
  geoZoneFormSchema,
  MAX_RADIUS_METERS,
  MIN_RADIUS_METERS,
  parseLatLng,
  roundCoordinate,
  type GeoZoneFormValues,
} from "@tumble/domain/geoZones";
import { api } from "../../../lib/api";
import { useMutation, useQuery } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { currentLanguage } from "../../../lib/i18n";
import { openConfirm } from "../../../ui/confirm";
import { useDeviceLocation } from "./deviceLocation";
import { geoErrorText, geoText } from "./messages";
import type { ZoneStore } from "./types";
import { formatCount } from "@tumble/domain/numberFormat";

// Leaflet loads only when a tile server is configured and a zone form is open.
const ZoneMap = lazy(() => import("./ZoneMap"));

interface Props {
  store: ZoneStore | null;
  onClose: () => void;
}

/** Set, change or remove one store's zone: typed coordinates (or a pasted "lat, lng"), or this device's location. */
export function ZoneFormModal({ store, onClose }: Props) {
  const { t } = useTranslation("geoZones");
  const phone = useMediaQuery("(max-width: 767px)");
  return (
    <Modal
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
      opened={store !== null}
      onClose={onClose}
      title={store ? t(store.zone ? "form.editTitle" : "form.addTitle", { store: store.storeName }) : ""}
      size="lg"
      fullScreen={phone}
      centered
    >
      {store ? <ZoneForm key={store.storeId} store={store} onClose={onClose} /> : null}
    </Modal>
  );
}

function localize(errors: FormErrors): FormErrors {
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, typeof message === "string" ? geoText(message) : message]));
}

/** An OpenStreetMap link centred on the point, to check a zone without a map in the app. */
export function mapLink(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=18/${latitude}/${longitude}`;
}

function ZoneForm({ store, onClose }: { store: ZoneStore; onClose: () => void }) {
  const { t } = useTranslation("geoZones");
  const setZone = useMutation(api.geoZones.set);
  const removeZone = useMutation(api.geoZones.remove);
  const device = useDeviceLocation();
  const map = useQuery(api.geoZones.map, {});
  const [saving, setSaving] = useState(false);
  const resolve = schemaResolver(geoZoneFormSchema, { sync: true });
  const form = useForm<GeoZoneFormValues>({
    mode: "controlled",
    initialValues: {
      latitude: store.zone ? String(store.zone.latitude) : "",
      longitude: store.zone ? String(store.zone.longitude) : "",
      radiusMeters: store.zone?.radiusMeters ?? DEFAULT_RADIUS_METERS,
    },
    validate: (values) => localize(resolve(values)),
    enhanceGetInputProps: ({ field, form: self }) => ({
      onBlur: () => {
        if (self.isDirty(field)) self.validateField(field);
      },
    }),
  });

  const save = async (values: z.output<typeof geoZoneFormSchema>) => {
    setSaving(true);
    try {
      await setZone({ storeId: store.storeId, ...values });
      notifySuccess(t("form.saved", { store: store.storeName }));
      onClose();
    } catch (error) {
      notifyError(geoErrorText(error, t("form.saveFailed")));
    } finally {
      setSaving(false);
    }
  };

  const fillFromDevice = async () => {
    const fix = await device.locate();
    if (!fix) return;
    form.setValues({ latitude: String(roundCoordinate(fix.latitude)), longitude: String(roundCoordinate(fix.longitude)) });
    form.clearFieldError("latitude");
    form.clearFieldError("longitude");
  };

  // A "lat, lng" pair pasted into either field fills both.
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pair = parseLatLng(event.clipboardData.getData("text"));
    if (!pair) return;
    event.preventDefault();
    form.setValues({ latitude: String(pair.latitude), longitude: String(pair.longitude) });
  };

  const remove = () =>
    openConfirm({
      title: t("remove.title"),
      message: t("remove.message", { store: store.storeName }),
      confirmLabel: t("remove.confirm"),
      cancelLabel: t("remove.cancel"),
      destructive: true,
      confirmTestId: "confirm-remove-zone",
      onConfirm: () => {
        void (async () => {
          try {
            await removeZone({ storeId: store.storeId });
            notifySuccess(t("remove.done", { store: store.storeName }));
            onClose();
          } catch (error) {
            notifyError(geoErrorText(error, t("remove.failed")));
          }
        })();
      },
    });

  const parsed = geoZoneFormSchema.safeParse(form.values);
  const state = device.state;

  return (
    <form onSubmit={form.onSubmit((values) => void save(geoZoneFormSchema.parse(values)))} noValidate data-testid="zone-form">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {store.address}
        </Text>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconCurrentLocation size={18} aria-hidden />}
            loading={state.status === "locating"}
            onClick={() => void fillFromDevice()}
            data-testid="use-device-location"
          >
            {t("form.useDevice")}
          </Button>
        </Group>
        {state.status === "found" ? (
          <Text size="sm" c="teal" role="status" data-testid="device-fix">
            {t("form.deviceFound", { accuracy: Math.round(state.fix.accuracy) })}
          </Text>
        ) : null}
        {state.status === "failed" ? (
          <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" data-testid="device-failed">
            {t(`location.${state.reason}`)}
          </Alert>
        ) : null}
        <Text size="sm">{t("form.typeHint")}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t("form.latitude")}
            description={t("form.latitudeHint")}
            inputMode="decimal"
            autoComplete="off"
            withAsterisk
            data-autofocus
            onPaste={onPaste}
            {...form.getInputProps("latitude")}
          />
          <TextInput
            label={t("form.longitude")}
            description={t("form.longitudeHint")}
            inputMode="decimal"
            autoComplete="off"
            withAsterisk
            onPaste={onPaste}
            {...form.getInputProps("longitude")}
          />
        </SimpleGrid>
        <NumberInput
          label={t("form.radius")}
          description={t("form.radiusHint", { min: MIN_RADIUS_METERS, max: formatCount(MAX_RADIUS_METERS, currentLanguage()) })}
          min={MIN_RADIUS_METERS}
          max={MAX_RADIUS_METERS}
          step={10}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          suffix=" m"
          withAsterisk
          {...form.getInputProps("radiusMeters")}
        />
        {parsed.success ? (
          <Group gap={6}>
            <IconMapPin size={16} aria-hidden />
            <Anchor href={mapLink(parsed.data.latitude, parsed.data.longitude)} target="_blank" rel="noopener noreferrer" size="sm">
              {t("form.checkOnMap")} <IconExternalLink size={14} aria-hidden style={{ verticalAlign: "middle" }} />
            </Anchor>
          </Group>
        ) : null}
        {map ? (
          <Suspense fallback={null}>
            <ZoneMap
              tileUrl={map.tileUrl}
              attribution={map.attribution}
              centre={parsed.success ? { latitude: parsed.data.latitude, longitude: parsed.data.longitude } : null}
              radiusMeters={parsed.success ? parsed.data.radiusMeters : DEFAULT_RADIUS_METERS}
              onPick={(latitude, longitude) => form.setValues({ latitude: String(roundCoordinate(latitude)), longitude: String(roundCoordinate(longitude)) })}
              label={t("form.map")}
            />
          </Suspense>
        ) : null}
        <Group justify="space-between" gap="sm" mt="sm">
          {store.zone ? (
            <Button variant="subtle" color="red" onClick={remove} disabled={saving} data-testid="remove-zone">
              {t("remove.button")}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t("form.cancel")}
            </Button>
            <Button type="submit" loading={saving} data-testid="save-zone">
              {t("form.save")}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
