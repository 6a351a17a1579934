import { Alert, Avatar, Badge, Card, Group, SegmentedControl, Select, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { IconArrowsExchange, IconBuilding, IconCopy, IconInfoCircle } from "@tabler/icons-react";
import { buildContext } from "@tumble/domain/contextMenu";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
import { useMutation, useQuery, useQueryState } from "../../../lib/hooks";
import type { Language } from "../../../lib/i18n";
import { useLanguageSwitch } from "../../../lib/language";
import { notifyError, notifySuccess } from "../../../lib/notify";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/companyRefusals";
import { CompanyFinder } from "../../../ui/companyFinder/CompanyFinder";
import { ContextMenu, type ContextMenuItem } from "../../../ui/ContextMenu";
import { ThemeChoiceControl } from "../../../ui/DisplayControls";
import { LayoutPreferencesPanel } from "../../../ui/LayoutPreferencesPanel";
import { ThemePicker } from "../../../ui/ThemePicker";
import { formatInstantDate } from "@tumble/domain/dateFormat";
import { NextSteps, useNextStep } from "../home/NextSteps";
import { TodayPanel } from "../home/TodayPanel";
import { NoticeEmailSwitch } from "../notices/NoticeEmailSwitch";
import { ScreenTitle } from "../../../ui/ScreenTitle";

type Membership = NonNullable<ReturnType<typeof useMemberships>>[number];

function useMemberships() {
  return useQueryState(api.companies.getUserCompanyMemberships).data;
}

/** /user/profile: who is signed in, language, theme, companies and layout preferences. */
export default function ProfileScreen() {
  const { t } = useTranslation(["settings", "common"]);
  const user = useQuery(api.auth.loggedInUser);
  const profile = useQueryState(api.users.getProfile).data;

  const roleLabel = (role: string | null | undefined, empty: string) =>
    role && role !== "UNASSIGNED" ? t(`common:roles.${role}`, { defaultValue: role }) : empty;
  const role = user?.companyRole ?? user?.role;

  return (
    <Stack gap="lg" maw={880}>
      <ScreenTitle title={t("profile.title")} subtitle={t("profile.subtitle")} />

      <NextSteps />

      <TodayPanel />

      {user === null ? (
        <Alert color="yellow" icon={<IconInfoCircle aria-hidden />}>
          {t("profile.notFound")}
        </Alert>
      ) : (
        <Section title={t("profile.account")}>
          <Group gap="md" wrap="nowrap" mb="md">
            <Avatar size="lg" radius="xl" color="initials" name={profile?.name ?? user?.email ?? undefined} alt="" />
            <Stack gap={2} miw={0}>
              {user ? (
                <>
                  <Text fw={600} size="lg" truncate="end" data-testid="profile-email">
                    {profile?.name ?? user.email ?? t("profile.guest")}
                  </Text>
                  <Group gap={6}>
                    <Badge variant="light">{roleLabel(role, t("profile.noRole"))}</Badge>
                    {user.globalRole ? (
                      <Badge variant="light" color="grape">
                        {roleLabel(user.globalRole, "")}
                      </Badge>
                    ) : null}
                  </Group>
                </>
              ) : (
                <>
                  <Skeleton height={20} width={220} />
                  <Skeleton height={16} width={120} mt={6} />
                </>
              )}
            </Stack>
          </Group>

          <Table variant="vertical" layout="fixed" withRowBorders aria-busy={user === undefined}>
            <Table.Tbody>
              <Row
                label={t("profile.name")}
                value={user ? (profile === undefined ? undefined : (profile?.name ?? t("profile.notSet"))) : undefined}
                testId="profile-name"
              />
              {user?.isAnonymous ? null : (
                <Row label={t("profile.email")} value={user ? (user.email ?? t("profile.notSet")) : undefined} testId="profile-email-value" />
              )}
              <Row label={t("profile.role")} value={user ? roleLabel(role, t("profile.noRole")) : undefined} testId="profile-role" />
              <Row label={t("profile.globalRole")} value={user ? roleLabel(user.globalRole, t("profile.none")) : undefined} testId="profile-global-role" />
            </Table.Tbody>
          </Table>
        </Section>
      )}

      <Section title={t("profile.languageAndTheme")}>
        <Stack gap="md">
          <LanguageSetting />
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t("profile.colorScheme")}
            </Text>
            <ThemeChoiceControl fullWidth={false} />
          </div>
          <div>
            <Text size="sm" fw={500} mb={6}>
              {t("theme.title")}
            </Text>
            <ThemePicker />
          </div>
        </Stack>
      </Section>

      <Section title={t("notices.title")} testId="profile-notices">
        <NoticeEmailSwitch />
      </Section>

      <CompaniesSection />

      <Section title={t("layout.title")}>
        <LayoutPreferencesPanel />
      </Section>

      <JoinSection guest={user?.isAnonymous === true} />
    </Stack>
  );
}

/** A guest cannot join (the server refuses): say so, rather than offer a finder that ends in a refusal. */
function JoinSection({ guest }: { guest: boolean }) {
  const { t } = useTranslation("settings");
  const memberships = useMemberships();
  const step = useNextStep();
  // Someone without a company has the finder at the top, as their next step: not twice.
  if (step === "join") return null;
  const title = memberships && memberships.length > 0 ? t("profile.joinAnother") : t("profile.joinCompany");
  return (
    <Section title={title} description={guest ? undefined : t("profile.joinAnotherHint")} testId="profile-join-company">
      {guest ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {t("profile.guestCannotJoin")}
        </Alert>
      ) : (
        // The section has the heading: the finder's own would repeat it.
        <CompanyFinder embedded />
      )}
    </Section>
  );
}

function Section({ title, description, children, testId }: { title: string; description?: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs" component="section" aria-label={title} data-testid={testId}>
      <Title order={2} size="h4" mb={description ? 2 : "sm"}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mb="sm">
          {description}
        </Text>
      ) : null}
      {children}
    </Card>
  );
}

function LanguageSetting() {
  const { t } = useTranslation(["settings", "common"]);
  const { language, changeLanguage, saving } = useLanguageSwitch();
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {t("profile.language")}
      </Text>
      <SegmentedControl
        value={language}
        disabled={saving}
        onChange={(value) => void changeLanguage(value as Language)}
        aria-label={t("profile.language")}
        data-testid="profile-language"
        data={[
          { value: "en", label: t("common:language.english") },
          { value: "es", label: t("common:language.spanish") },
        ]}
      />
    </div>
  );
}

function CompaniesSection() {
  const { t } = useTranslation(["settings", "common"]);
  const user = useQuery(api.auth.loggedInUser);
  const memberships = useMemberships();
  const switchCompany = useMutation(api.companies.switchActiveCompany);

  const switchTo = async (membership: Membership) => {
    await switchCompany({ companyId: membership.companyId });
  };

  const onSwitcher = async (companyId: string | null) => {
    const target = memberships?.find((m) => m.companyId === companyId);
    if (!target || target.isActive) return;
    try {
      await switchTo(target);
      notifySuccess(t("companies.switched", { company: target.companyName }));
    } catch (error) {
      notifyError(errorText(error, t("companies.switchFailed")));
    }
  };

  const itemsFor = (membership: Membership): ContextMenuItem[] => {
    const context = buildContext({ role: user?.companyRole, globalRole: user?.globalRole, userId: user?._id }, "profile", membership);
    const items: ContextMenuItem[] = [];
    if (!membership.isActive && context.permissions.canEdit) {
      items.push({
        id: "switch",
        label: t("companies.switchTo"),
        icon: <IconArrowsExchange size={16} aria-hidden />,
        onSelect: () => switchTo(membership),
      });
    }
    if (context.permissions.canView && membership.companyCode) {
      items.push({
        id: "copy-code",
        label: t("companies.copyCode"),
        icon: <IconCopy size={16} aria-hidden />,
        // Spec section 8: a copy failure is only logged.
        onSelect: () => copyQuietly(membership.companyCode!),
      });
    }
    return items;
  };

  return (
    <Section title={t("companies.title")} description={memberships && memberships.length > 0 ? t("companies.hint") : undefined} testId="profile-companies">
      {memberships === undefined ? (
        <Skeleton height={48} />
      ) : memberships.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("companies.none")}
        </Text>
      ) : (
        <Stack gap="sm">
          {memberships.length > 1 ? (
            <Select
              label={t("companies.active")}
              data={memberships.map((m) => ({ value: m.companyId, label: m.companyName }))}
              value={memberships.find((m) => m.isActive)?.companyId ?? null}
              onChange={(value) => void onSwitcher(value)}
              allowDeselect={false}
              maw={360}
              data-testid="company-switcher"
            />
          ) : null}
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("companies.title")}>
            {memberships.map((m) => (
              <ContextMenu key={m._id} component="li" items={() => itemsFor(m)} label={m.companyName} data-testid={`membership-${m.companyCode ?? m._id}`}>
                <Group
                  gap="sm"
                  wrap="nowrap"
                  p="sm"
                  style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: "var(--mantine-radius-md)", userSelect: "none" }}
                >
                  <IconBuilding size={20} aria-hidden />
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600} size="sm" truncate="end">
                      {m.companyName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {m.companyCode} · {t("companies.joined", { date: formatInstantDate(m.joinedAt) })}
                    </Text>
                  </Stack>
                  <Badge variant="light" size="sm">
                    {t(`common:roles.${m.role}`, { defaultValue: m.role })}
                  </Badge>
                  {m.isActive ? (
                    <Badge variant="filled" color="teal" size="sm">
                      {t("companies.activeBadge")}
                    </Badge>
                  ) : null}
                </Group>
              </ContextMenu>
            ))}
          </Stack>
        </Stack>
      )}
    </Section>
  );
}

function Row({ label, value, testId }: { label: string; value: string | undefined; testId: string }) {
  return (
    <Table.Tr>
      <Table.Th w={{ base: 120, sm: 180 }}>{label}</Table.Th>
      <Table.Td data-testid={testId}>{value === undefined ? <Skeleton height={14} width="60%" /> : value}</Table.Td>
    </Table.Tr>
  );
}

async function copyQuietly(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch (error) {
    console.warn("Copying to the clipboard failed", error);
  }
}
