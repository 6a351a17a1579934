import {
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Typography,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AUDIENCES, announcementSchema, BODY_MAX, renderMarkdown, TITLE_MAX, type Audience } from "@tumble/domain/announcements";
import { COMPANY_ROLES } from "@tumble/domain/permissions";
import { api } from "../../../lib/api";
import { useMutation, useQuery } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { errorText, ruleText } from "./messages";
import type { ManagedRow } from "./types";

// The form's own fields beside the announcement's: the end as a date (the end of that day here),
// and "also e-mail" for a new one.
const formSchema = announcementSchema({ expiresOn: z.string(), email: z.boolean() });
type FormValues = z.input<typeof formSchema>;

const pad = (n: number) => String(n).padStart(2, "0");
/** An instant as this machine's yyyy-MM-dd. */
function localDate(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
/** The last moment of a yyyy-MM-dd here, or null for none. */
function endOfDay(date: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const at = new Date(`${date}T23:59:59.999`).getTime();
  return Number.isNaN(at) ? null : at;
}

function initialValues(row: ManagedRow | null): FormValues {
  return {
    title: row?.manage.title ?? "",
    body: row?.manage.body ?? "",
    titleEs: row?.manage.titleEs ?? "",
    bodyEs: row?.manage.bodyEs ?? "",
    audience: row?.manage.audience ?? "company",
    storeIds: row?.manage.stores.map((s) => s._id) ?? [],
    roles: row?.manage.roles ?? [],
    pinned: row?.pinned ?? false,
    expiresOn: row?.expiresAt ? localDate(row.expiresAt) : "",
    email: false,
  };
}

/** Writes a new announcement, or edits one (`editing`), with a live preview of its Markdown. */
export function AnnouncementFormModal({ editing, onClose }: { editing: ManagedRow | null; onClose: () => void }) {
  const { t } = useTranslation(["announcements", "common"]);
  const phone = useMediaQuery("(max-width: 36em)");
  const stores = useQuery(api.stores.listAll);
  const create = useMutation(api.announcements.create);
  const update = useMutation(api.announcements.update);
  const [saving, setSaving] = useState(false);
  const [language, setLanguage] = useState<"en" | "es">("en");
  const form = useSchemaForm(formSchema, { initialValues: initialValues(editing) });
  const field = (path: keyof FormValues) => {
    const props = form.getInputProps(path);
    return { ...props, error: typeof props.error === "string" ? ruleText(props.error) : props.error };
  };
  const values = form.getValues();
  // A refused field may be on the other language's tab: its tab says so.
  const enError = Boolean(form.errors.title || form.errors.body);
  const esError = Boolean(form.errors.titleEs || form.errors.bodyEs);
  const errorMark = <IconAlertCircle size={16} color="var(--mantine-color-error)" aria-label={t("form.needsAttention")} />;
  const audience = values.audience as Audience;

  const keep = editing?.manage.stores.map((s) => s._id) ?? [];
  const storeOptions = (stores ?? []).filter((s) => s.isActive || keep.includes(s._id)).map((s) => ({ value: s._id, label: s.name }));
  const roleOptions = COMPANY_ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }));

  const onSubmit = form.submit(async ({ expiresOn, email, ...rest }) => {
    const expiresAt = endOfDay(expiresOn);
    setSaving(true);
    try {
      if (editing) {
        await update({ ...rest, expiresAt, announcementId: editing._id });
        notifySuccess(t("saved"));
      } else {
        const result = await create({ ...rest, expiresAt, email });
        notifySuccess(email ? t("postedEmailed", { count: result.emailed }) : t("posted"));
      }
      onClose();
    } catch (error) {
      notifyError(errorText(t, error));
    } finally {
      setSaving(false);
    }
  });

  const title = language === "es" ? values.titleEs : values.title;
  const body = language === "es" ? values.bodyEs : values.body;

  return (
    <Modal opened onClose={onClose} title={editing ? t("form.editTitle") : t("form.newTitle")} size="xl" fullScreen={phone} centered>
      <form onSubmit={onSubmit} noValidate data-testid="announcement-form">
        <Stack gap="md">
          <Tabs value={language} onChange={(v) => setLanguage(v === "es" ? "es" : "en")} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="en" rightSection={enError ? errorMark : null} data-testid="announcement-tab-en">
                {t("form.english")}
              </Tabs.Tab>
              <Tabs.Tab value="es" rightSection={esError ? errorMark : null} data-testid="announcement-tab-es">
                {t("form.spanish")}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="en" pt="sm">
              <Stack gap="sm">
                <TextInput
                  label={t("form.title")}
                  withAsterisk
                  maxLength={TITLE_MAX}
                  size="md"
                  data-autofocus
                  data-testid="announcement-title"
                  {...field("title")}
                />
                <Textarea
                  label={t("form.body")}
                  description={t("form.markdownHint")}
                  withAsterisk
                  autosize
                  minRows={5}
                  maxRows={14}
                  maxLength={BODY_MAX}
                  size="md"
                  data-testid="announcement-body-input"
                  {...field("body")}
                />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="es" pt="sm">
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  {t("form.spanishHint")}
                </Text>
                <TextInput label={t("form.titleEs")} maxLength={TITLE_MAX} size="md" data-testid="announcement-title-es" {...field("titleEs")} />
                <Textarea
                  label={t("form.bodyEs")}
                  description={t("form.markdownHint")}
                  autosize
                  minRows={5}
                  maxRows={14}
                  maxLength={BODY_MAX}
                  size="md"
                  data-testid="announcement-body-es-input"
                  {...field("bodyEs")}
                />
              </Stack>
            </Tabs.Panel>
          </Tabs>

          {title || body ? (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t("form.preview")}
              </Text>
              <Typography
                p="sm"
                bd="1px solid var(--mantine-color-default-border)"
                style={{ borderRadius: "var(--mantine-radius-md)", overflowWrap: "anywhere" }}
                data-testid="announcement-preview"
              >
                <Text fw={700}>{title}</Text>
                {/* The same safe renderer the server uses for readers. */}
                <div dangerouslySetInnerHTML={{ __html: renderMarkdown(String(body ?? "")) }} />
              </Typography>
            </Stack>
          ) : null}

          <Divider />
          <Stack gap="xs">
            <Text size="sm" fw={500} id="announcement-audience-label">
              {t("form.audience")}
            </Text>
            <SegmentedControl
              aria-labelledby="announcement-audience-label"
              data={AUDIENCES.map((a) => ({ value: a, label: t(`audiences.${a}`) }))}
              {...form.getInputProps("audience")}
              fullWidth={phone}
              orientation={phone ? "vertical" : "horizontal"}
              data-testid="announcement-audience"
            />
            {audience === "stores" ? (
              <MultiSelect
                label={t("form.stores")}
                placeholder={t("form.storesPlaceholder")}
                data={storeOptions}
                searchable
                size="md"
                data-testid="announcement-stores"
                {...field("storeIds")}
              />
            ) : null}
            {audience === "roles" ? (
              <MultiSelect
                label={t("form.roles")}
                placeholder={t("form.rolesPlaceholder")}
                data={roleOptions}
                size="md"
                data-testid="announcement-roles"
                {...field("roles")}
              />
            ) : null}
          </Stack>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t("form.expiresOn")}
              description={t("form.expiresHint")}
              type="date"
              size="md"
              data-testid="announcement-expires"
              {...field("expiresOn")}
            />
            <Stack gap="sm" justify="center">
              <Switch label={t("form.pinned")} size="md" data-testid="announcement-pinned" {...form.getInputProps("pinned", { type: "checkbox" })} />
              {!editing ? (
                <Checkbox
                  label={t("form.email")}
                  description={t("form.emailHint")}
                  size="md"
                  data-testid="announcement-email"
                  {...form.getInputProps("email", { type: "checkbox" })}
                />
              ) : null}
            </Stack>
          </SimpleGrid>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={onClose}>
              {t("form.cancel")}
            </Button>
            <Button type="submit" size="md" loading={saving} data-testid="announcement-submit">
              {editing ? t("form.save") : t("form.post")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
