import { Button, Group, ScrollArea, Skeleton, Stack, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { formatWhen } from "@tumble/domain/dateFormat";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { errorText } from "../../lib/errorText";
import { useMutation, useQueryState } from "../../lib/hooks";
import { currentLanguage } from "../../lib/i18n";
import { notifyError } from "../../lib/notify";
import { usePagedQuery } from "../../lib/pagedQuery";
import { pathTarget } from "../../lib/pathTarget";
import { linkTarget, noticeText } from "./noticeText";
import classes from "./notifications.module.css";

type Notice = ReturnsOf<typeof api.notifications.list>["rows"][number];

/** The bell's panel: the caller's notices, newest first, each opening its screen. */
export default function NoticePanel({ unread, onClose }: { unread: number; onClose: () => void }) {
  const { t } = useTranslation(["notifications", "common"]);
  const language = currentLanguage();
  const navigate = useNavigate();
  const { rows, error, more } = usePagedQuery(api.notifications.list, {}, (row) => row._id);
  const markRead = useMutation(api.notifications.markRead);
  const user = useQueryState(api.auth.loggedInUser).data;
  const memberships = useQueryState(api.companies.getUserCompanyMemberships).data;
  const switchCompany = useMutation(api.companies.switchActiveCompany);

  const markAll = async () => {
    try {
      await markRead({ all: true });
    } catch (caught) {
      notifyError(errorText(caught, t("panel.markFailed")));
    }
  };

  const open = async (notice: Notice) => {
    try {
      if (notice.readAt === null) await markRead({ id: notice._id });
      // A notice from another company of the person's opens its screen in that company.
      const member = memberships?.some((m) => m.companyId === notice.companyId);
      if (member && user?.activeCompanyId !== notice.companyId) await switchCompany({ companyId: notice.companyId });
    } catch (caught) {
      notifyError(errorText(caught, t("panel.openFailed")));
      return;
    }
    onClose();
    if (notice.link) {
      const { path, search } = linkTarget(notice.link);
      await navigate({ ...pathTarget(path), search });
    }
  };

  return (
    <Stack gap={0}>
      <Group justify="space-between" px="md" py="xs" wrap="nowrap" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
        <Text fw={700} size="sm" component="h2" m={0}>
          {t("panel.title")}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => void markAll()} disabled={unread === 0} data-testid="notifications-mark-all">
          {t("panel.markAllRead")}
        </Button>
      </Group>
      <ScrollArea.Autosize className={classes.list} type="auto">
        {error ? (
          <Text size="sm" c="red" p="md" role="alert">
            {errorText(error, t("panel.loadFailed"))}
          </Text>
        ) : rows === undefined ? (
          <Stack gap="xs" p="md" aria-busy>
            <Skeleton height={16} />
            <Skeleton height={16} width="70%" />
          </Stack>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" p="md" data-testid="notifications-empty">
            {t("panel.empty")}
          </Text>
        ) : (
          <ul style={{ listStyle: "none", margin: 0, padding: 0 }} aria-label={t("panel.title")} data-testid="notification-list">
            {rows.map((notice) => {
              const { text, reason } = noticeText(notice, t, language);
              const unreadNow = notice.readAt === null;
              return (
                <li key={notice._id}>
                  <UnstyledButton
                    className={classes.item}
                    onClick={() => void open(notice)}
                    data-testid="notification-item"
                    data-kind={notice.kind}
                    data-unread={unreadNow}
                  >
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <span className={unreadNow ? classes.unreadDot : classes.readDot} aria-hidden />
                      <Stack gap={2} miw={0}>
                        <Text size="sm" fw={unreadNow ? 600 : 400}>
                          {unreadNow ? <VisuallyHidden>{`${t("panel.unread")}: `}</VisuallyHidden> : null}
                          {text}
                        </Text>
                        {reason ? (
                          <Text size="xs" c="dimmed">
                            {reason}
                          </Text>
                        ) : null}
                        <Text size="xs" c="dimmed">
                          {[notice.companyName, formatWhen(notice.createdAt, language)].filter(Boolean).join(" · ")}
                        </Text>
                      </Stack>
                    </Group>
                  </UnstyledButton>
                </li>
              );
            })}
          </ul>
        )}
        {more ? (
          <Group justify="center" p="xs">
            <Button variant="subtle" size="compact-sm" loading={more.loading} onClick={more.onLoadMore}>
              {t("panel.loadMore")}
            </Button>
          </Group>
        ) : null}
      </ScrollArea.Autosize>
    </Stack>
  );
}
