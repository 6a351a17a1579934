import { Badge, Button, Card, Group, SegmentedControl, Skeleton, Stack, Text, ThemeIcon, Title, Typography, UnstyledButton } from "@mantine/core";
import { IconChecks, IconChevronDown, IconChevronRight, IconPin, IconPlus, IconSpeakerphone } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDisplayTimestamp } from "@tumble/domain/dateFormat";
import { api } from "../../../lib/api";
import { useMutation, useQuery, useQueryState } from "../../../lib/hooks";
import { currentLanguage } from "../../../lib/i18n";
import { notifyError } from "../../../lib/notify";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { AnnouncementFormModal } from "./AnnouncementForm";
import { ManageList } from "./ManageList";
import { errorText } from "./messages";
import type { AnnouncementRow } from "./types";

/** The open announcement and, for managers, the view, in the URL (decision 0020). */
interface AnnouncementsSearch {
  view: "inbox" | "manage";
  open: string;
  edit: string;
  sort: string;
  dir: "asc" | "desc";
  page: number;
}
const SEARCH: SearchSchema<AnnouncementsSearch> = {
  view: param.oneOf(["inbox", "manage"] as const),
  open: param.text(64),
  edit: param.text(64),
  sort: param.oneOf(["title", "audience", "state", "reads", "created"] as const),
  dir: param.oneOf(["asc", "desc"] as const),
  page: param.int(1),
};

/**
 * /user/announcements: the announcements addressed to the member, pinned first then newest, the
 * unread ones marked; opening one marks it read. Managers also write, edit and archive them.
 */
export function AnnouncementsScreen() {
  const { t } = useTranslation("announcements");
  const [search, setSearch] = useSearchState(SEARCH);
  const role = useQuery(api.auth.getUserCompanyRole);
  const canManage = Boolean(role?.permissions.canManageStores);
  const [creating, setCreating] = useState(false);
  const view = canManage && search.view === "manage" ? "manage" : "inbox";

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <ScreenTitle title={t("title")} subtitle={t("subtitle")} />
        {canManage ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} size="md" onClick={() => setCreating(true)} data-testid="new-announcement">
            {t("new")}
          </Button>
        ) : null}
      </Group>

      {canManage ? (
        <SegmentedControl
          value={view}
          onChange={(v) => setSearch({ view: v === "manage" ? "manage" : undefined, page: undefined })}
          data={[
            { value: "inbox", label: t("views.inbox") },
            { value: "manage", label: t("views.manage") },
          ]}
          w={{ base: "100%", xs: "auto" }}
          data-testid="announcement-view"
        />
      ) : null}

      {view === "manage" ? (
        <ManageList
          editId={search.edit ?? null}
          onEdit={(id) => setSearch({ edit: id ?? undefined }, { push: Boolean(id) })}
          sort={{ id: search.sort ?? "created", desc: search.sort ? search.dir === "desc" : true }}
          onSortChange={(s) => setSearch({ sort: s?.id, dir: s?.desc ? "desc" : undefined, page: undefined })}
          page={search.page ?? 1}
          onPageChange={(page) => setSearch({ page: page > 1 ? page : undefined })}
        />
      ) : (
        <Inbox openId={search.open ?? null} onOpen={(id) => setSearch({ open: id ?? undefined }, { push: Boolean(id) })} />
      )}

      {creating ? <AnnouncementFormModal editing={null} onClose={() => setCreating(false)} /> : null}
    </Stack>
  );
}

function Inbox({ openId, onOpen }: { openId: string | null; onOpen: (id: string | null) => void }) {
  const { t } = useTranslation("announcements");
  const language = currentLanguage();
  const list = useQueryState(api.announcements.list, { language });
  const markRead = useMutation(api.announcements.markRead);
  const rows = list.data;
  const unread = rows?.filter((r) => !r.read) ?? [];

  // Reading marks read: the one opened (also when opened from a link).
  const marking = useRef(new Set<string>());
  useEffect(() => {
    const row = rows?.find((r) => r._id === openId);
    if (!row || row.read || marking.current.has(row._id)) return;
    marking.current.add(row._id);
    markRead({ announcementIds: [row._id] }).catch((error: unknown) => {
      marking.current.delete(row._id);
      notifyError(errorText(t, error));
    });
  }, [rows, openId, markRead, t]);

  const markAll = () => {
    markRead({ announcementIds: unread.map((r) => r._id) }).catch((error: unknown) => notifyError(errorText(t, error)));
  };

  if (list.error) {
    return (
      <Text c="red" role="alert">
        {errorText(t, list.error)}
      </Text>
    );
  }
  if (!rows) {
    return (
      <Stack gap="sm" aria-busy>
        <Skeleton height={72} radius="md" />
        <Skeleton height={72} radius="md" />
      </Stack>
    );
  }
  if (rows.length === 0) {
    return (
      <Card withBorder radius="lg" padding="lg">
        <Group gap="sm" wrap="nowrap" data-testid="announcements-empty">
          <ThemeIcon variant="light" color="gray" radius="xl" size="lg">
            <IconSpeakerphone size={18} aria-hidden />
          </ThemeIcon>
          <Text c="dimmed" size="sm">
            {t("empty")}
          </Text>
        </Group>
      </Card>
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="announcements-unread">
          {unread.length ? t("unreadCount", { count: unread.length }) : t("allRead")}
        </Text>
        {unread.length ? (
          <Button variant="subtle" size="sm" leftSection={<IconChecks size={16} aria-hidden />} onClick={markAll} data-testid="mark-all-read">
            {t("markAllRead")}
          </Button>
        ) : null}
      </Group>
      <Stack gap="sm" data-testid="announcements">
        {rows.map((row) => (
          <AnnouncementCard key={row._id} row={row} open={row._id === openId} onToggle={() => onOpen(row._id === openId ? null : row._id)} />
        ))}
      </Stack>
    </Stack>
  );
}

function AnnouncementCard({ row, open, onToggle }: { row: AnnouncementRow; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation("announcements");
  const bodyId = `announcement-body-${row._id}`;
  return (
    <Card withBorder radius="lg" padding={0} data-testid="announcement" data-id={row._id} data-read={row.read ? "true" : "false"}>
      <UnstyledButton onClick={onToggle} aria-expanded={open} aria-controls={bodyId} p="md" style={{ width: "100%" }} data-testid="announcement-toggle">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" radius="xl" size="md" color={row.pinned ? "orange" : "blue"} aria-hidden>
            {row.pinned ? <IconPin size={16} /> : <IconSpeakerphone size={16} />}
          </ThemeIcon>
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} size="h5" fw={row.read ? 500 : 700} style={{ overflowWrap: "anywhere" }}>
                {row.title}
              </Title>
              {row.pinned ? (
                <Badge color="orange" variant="light" size="sm">
                  {t("pinned")}
                </Badge>
              ) : null}
              {!row.read ? (
                <Badge color="blue" size="sm" data-testid="announcement-unread">
                  {t("unread")}
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {row.author ? t("byline", { author: row.author, when: formatDisplayTimestamp(row.createdAt) }) : formatDisplayTimestamp(row.createdAt)}
              {row.expiresAt ? ` · ${t("until", { when: formatDisplayTimestamp(row.expiresAt) })}` : ""}
            </Text>
          </Stack>
          {open ? <IconChevronDown size={18} aria-hidden /> : <IconChevronRight size={18} aria-hidden />}
        </Group>
      </UnstyledButton>
      {open ? (
        <Typography id={bodyId} px="md" pb="md" lang={row.language} data-testid="announcement-body" style={{ overflowWrap: "anywhere" }}>
          {/* Rendered by the server from Markdown with HTML off and only http/https/mailto links (decision 0041). */}
          <div dangerouslySetInnerHTML={{ __html: row.html }} />
        </Typography>
      ) : null}
    </Card>
  );
}
