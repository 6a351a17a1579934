import { Button, Group, Modal, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/companyRefusals";
import { storeFormSchema } from "@tumble/domain/storeForm";
import type { z } from "zod";
import { errorText } from "../../../lib/errorText";
import { MoneyInput } from "../../../ui/form/MoneyInput";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { useMutation, useQuery } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { browserTimeZone, timeZones } from "./timeZones";
import type { Store } from "./types";

type StoreFormOutput = z.output<typeof storeFormSchema>;

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
  const form = useSchemaForm(storeFormSchema, {
    initialValues: {
      name: store?.name ?? "",
      address: store?.address ?? "",
      phone: store?.phone ?? "",
      timeZone: store?.timeZone ?? browserTimeZone(),
      hours: store?.hours ?? "",
      isActive: store?.isActive ?? true,
      minimumWageCents: store?.minimumWageCents ?? null,
    },
  });
  const [saving, setSaving] = useState(false);
  // A new store starts in the company's default time zone (company settings), when one is set.
  const defaults = useQuery(api.companySettings.storeDefaults, store ? "skip" : {});
  const defaultZone = defaults?.defaultTimeZone;
  useEffect(() => {
    if (defaultZone && !form.isDirty("timeZone")) form.setFieldValue("timeZone", defaultZone);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the default arrives
  }, [defaultZone]);

  const save = async (values: StoreFormOutput) => {
    setSaving(true);
    const fields = { ...values, phone: values.phone || null, hours: values.hours || null };
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
      notifyError(errorText(error, t("locations.errors.saveFailed")));
    } finally {
      setSaving(false);
    }
  };
  const timeZone = form.getInputProps("timeZone");

  return (
    <form onSubmit={form.submit(save)} noValidate>
      <Stack gap="sm">
        <TextInput label={t("locations.fields.name")} withAsterisk maxLength={100} data-autofocus {...form.getInputProps("name")} />
        <TextInput label={t("locations.fields.address")} withAsterisk maxLength={300} {...form.getInputProps("address")} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t("locations.fields.phone")} type="tel" maxLength={40} {...form.getInputProps("phone")} />
          <Select
            label={t("locations.fields.timeZone")}
            withAsterisk
            searchable
            data={timeZones()}
            limit={50}
            nothingFoundMessage={t("locations.noTimeZone")}
            comboboxProps={{ withinPortal: true }}
            {...timeZone}
            onChange={(value) => form.setFieldValue("timeZone", value ?? "")}
          />
        </SimpleGrid>
        <Textarea
          label={t("locations.fields.hours")}
          placeholder={t("locations.hoursPlaceholder")}
          maxLength={200}
          autosize
          minRows={1}
          maxRows={4}
          {...form.getInputProps("hours")}
        />
        <MoneyInput
          label={t("locations.fields.minimumWage")}
          description={t("locations.minimumWageHint")}
          placeholder={t("locations.minimumWagePlaceholder")}
          value={form.getValues().minimumWageCents ?? null}
          onChange={(cents) => form.setFieldValue("minimumWageCents", cents)}
          error={form.getInputProps("minimumWageCents").error}
          data-testid="store-minimum-wage"
        />
        <Switch label={t("locations.fields.active")} description={t("locations.activeHint")} {...form.getInputProps("isActive", { type: "checkbox" })} />
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
