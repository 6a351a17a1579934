import { Button, Group, Modal, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { browserTimeZone, timeZones } from "./timeZones";
import type { Store } from "./types";

interface Props {
  /** The store being edited; null to add one. */
  store: Store | null;
  opened: boolean;
  onClose: () => void;
  onSaved?: (storeId: string) => void;
}

/** Add or edit a store: name, address, phone, time zone, hours and the active flag. */
export function StoreFormModal({ store, opened, onClose, onSaved }: Props) {
  const { t } = useTranslation("collections");
  const phone = useMediaQuery("(max-width: 767px)");
  return (
    <Modal
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
      opened={opened}
      onClose={onClose}
      title={store ? t("locations.editStore") : t("locations.addStore")}
      size="lg"
      fullScreen={phone}
      centered
    >
      {opened ? <StoreForm store={store} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function StoreForm({ store, onClose, onSaved }: Omit<Props, "opened">) {
  const { t } = useTranslation("collections");
  const create = useMutation(api.stores.create);
  const update = useMutation(api.stores.update);
  const [name, setName] = useState(store?.name ?? "");
  const [address, setAddress] = useState(store?.address ?? "");
  const [phoneNumber, setPhoneNumber] = useState(store?.phone ?? "");
  const [timeZone, setTimeZone] = useState<string | null>(store?.timeZone ?? browserTimeZone());
  const [hours, setHours] = useState(store?.hours ?? "");
  const [isActive, setIsActive] = useState(store?.isActive ?? true);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);

  const errors = {
    name: name.trim() ? null : t("locations.errors.name"),
    address: address.trim() ? null : t("locations.errors.address"),
    timeZone: timeZone ? null : t("locations.errors.timeZone"),
  };
  const valid = !errors.name && !errors.address && !errors.timeZone;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!valid || !timeZone) return;
    setSaving(true);
    const fields = { name: name.trim(), address: address.trim(), phone: phoneNumber.trim() || null, timeZone, hours: hours.trim() || null, isActive };
    try {
      if (store) {
        await update({ storeId: store._id, ...fields });
        notifySuccess(t("locations.storeSaved", { name: fields.name }));
        onSaved?.(store._id);
      } else {
        const { storeId } = await create(fields);
        notifySuccess(t("locations.storeCreated", { name: fields.name }));
        onSaved?.(storeId);
      }
      onClose();
    } catch (error) {
      notifyError(extractErrorMessage(error, t("locations.errors.saveFailed")));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t("locations.fields.name")}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={100}
          error={submitted && errors.name}
          data-autofocus
        />
        <TextInput
          label={t("locations.fields.address")}
          required
          value={address}
          onChange={(e) => setAddress(e.currentTarget.value)}
          maxLength={300}
          error={submitted && errors.address}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t("locations.fields.phone")}
            type="tel"
            value={phoneNumber}
            onChange={(e) => setPhoneNumber(e.currentTarget.value)}
            maxLength={40}
          />
          <Select
            label={t("locations.fields.timeZone")}
            required
            searchable
            data={timeZones()}
            value={timeZone}
            onChange={setTimeZone}
            limit={50}
            nothingFoundMessage={t("locations.noTimeZone")}
            error={submitted && errors.timeZone}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Textarea
          label={t("locations.fields.hours")}
          placeholder={t("locations.hoursPlaceholder")}
          value={hours}
          onChange={(e) => setHours(e.currentTarget.value)}
          maxLength={200}
          autosize
          minRows={1}
          maxRows={4}
        />
        <Switch
          label={t("locations.fields.active")}
          description={t("locations.activeHint")}
          checked={isActive}
          onChange={(e) => setIsActive(e.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t("locations.cancel")}
          </Button>
          <Button type="submit" loading={saving}>
            {store ? t("locations.save") : t("locations.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
