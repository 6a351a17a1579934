import { Button, Group, Menu } from "@mantine/core";
import { IconCopy, IconSend, IconTemplate } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useMutation, useQuery } from "../../../lib/hooks";
import { notifySuccess } from "../../../lib/notify";
import type { WeekData } from "./types";

export interface WeekActionsProps {
  storeId: string | undefined;
  data: WeekData | undefined;
  busy: boolean;
  run: (task: () => Promise<void>) => Promise<void>;
  onSaveTemplate: () => void;
  onPublish: () => void;
}

/** The week's actions: copy last week, save or apply or remove a template, and publish. */
export function WeekActions({ storeId, data, busy, run, onSaveTemplate, onPublish }: WeekActionsProps) {
  const { t } = useTranslation("scheduling");
  const templates = useQuery(api.shifts.listTemplates, storeId ? { storeId } : "skip");
  const copyWeek = useMutation(api.shifts.copyWeek);
  const applyTemplate = useMutation(api.shifts.applyTemplate);
  const removeTemplate = useMutation(api.shifts.removeTemplate);
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        variant="default"
        leftSection={<IconCopy size={16} />}
        disabled={busy || !data}
        onClick={() =>
          run(async () => {
            const r = await copyWeek({ storeId: storeId!, weekStart: data!.weekStart });
            notifySuccess(t("messages.copied", { count: r.copied }));
          })
        }
        data-testid="copy-week"
      >
        {t("toolbar.copyLastWeek")}
      </Button>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button variant="default" leftSection={<IconTemplate size={16} />} disabled={!data} data-testid="templates">
            {t("toolbar.templates")}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={onSaveTemplate} data-testid="template-save">
            {t("templates.save")}
          </Menu.Item>
          {(templates ?? []).length ? <Menu.Label>{t("templates.apply")}</Menu.Label> : null}
          {(templates ?? []).map((tp) => (
            <Menu.Item
              key={tp._id}
              onClick={() =>
                run(async () => {
                  const r = await applyTemplate({ templateId: tp._id, weekStart: data!.weekStart });
                  notifySuccess(t("messages.copied", { count: r.copied }));
                })
              }
            >
              {t("templates.item", { name: tp.name, count: tp.shiftCount })}
            </Menu.Item>
          ))}
          {(templates ?? []).length ? <Menu.Label>{t("templates.remove")}</Menu.Label> : null}
          {(templates ?? []).map((tp) => (
            <Menu.Item
              key={`remove-${tp._id}`}
              color="red"
              onClick={() =>
                run(async () => {
                  await removeTemplate({ templateId: tp._id });
                  notifySuccess(t("messages.templateRemoved"));
                })
              }
            >
              {tp.name}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Button leftSection={<IconSend size={16} />} disabled={busy || !data || data.unpublishedCount === 0} onClick={onPublish} data-testid="publish">
        {t("toolbar.publish")}
      </Button>
    </Group>
  );
}
