import { ActionIcon, Avatar, Badge, Button, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, Tooltip } from "@mantine/core";
import { IconBuildingStore, IconCheck, IconCopy, IconLanguage, IconLock, IconLockOpen, IconUserCheck, IconUsers } from "@tabler/icons-react";
import { useClipboard } from "@mantine/hooks";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/companyRefusals";
import { useMutation, useQuery } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { RoleBadge } from "../../../ui/companyFinder/badges";
import { formatDate } from "../../../ui/companyFinder/format";
import { ScreenTitle } from "../../../ui/ScreenTitle";

/** /user/company-info: the active company, and the other companies the user belongs to. */
export default function CompanyInfoScreen() {
  const { t } = useTranslation(["admin", "common"]);
  const company = useQuery(api.companies.getCurrentCompany);

  return (
    <Stack gap="lg" maw={960}>
      <ScreenTitle title={t("companyInfo.title")} subtitle={t("companyInfo.subtitle")} />

      {!company ? (
        <Skeleton height={260} radius="lg" />
      ) : (
        <Card withBorder radius="lg" padding="lg" shadow="xs" data-testid="company-info">
          <Stack gap="md">
            <Group gap="md" wrap="nowrap" align="flex-start">
              <Avatar size="lg" radius="md" color="initials" name={company.displayName} alt="" />
              <Stack gap={4} miw={0} style={{ flex: 1 }}>
                <Group gap="xs" wrap="wrap">
                  <Title order={2} size="h3">
                    {company.displayName}
                  </Title>
                  <RoleBadge role={company.myRole} />
                </Group>
                <Group gap={4} wrap="nowrap">
                  <Text size="sm" c="dimmed">
                    {t("companyInfo.code")}
                  </Text>
                  <Text size="sm" ff="monospace" fw={600} data-testid="company-code">
                    {company.companyId}
                  </Text>
                  <CopyCode code={company.companyId} />
                </Group>
              </Stack>
            </Group>

            {company.description ? <Text>{company.description}</Text> : null}

            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              <Fact icon={<IconUsers size={18} aria-hidden />} label={t("companyInfo.members")} value={String(company.memberCount)} />
              <Fact icon={<IconBuildingStore size={18} aria-hidden />} label={t("companyInfo.activeStores")} value={String(company.activeStores)} />
              <Fact
                icon={<IconLanguage size={18} aria-hidden />}
                label={t("companyInfo.language")}
                value={company.defaultLanguage === "es" ? t("common:language.spanish") : t("common:language.english")}
              />
              <Fact
                label={t("companyInfo.industry")}
                value={company.industry ? t(`industries.${company.industry}`, { defaultValue: company.industry }) : t("companyInfo.notSet")}
              />
              <Fact label={t("companyInfo.size")} value={company.size ? t(`sizes.${company.size}`, { defaultValue: company.size }) : t("companyInfo.notSet")} />
              <Fact
                icon={company.allowJoinRequests ? <IconLockOpen size={18} aria-hidden /> : <IconLock size={18} aria-hidden />}
                label={t("companyInfo.joinRequests")}
                value={
                  company.allowJoinRequests
                    ? company.requireApproval
                      ? t("companyInfo.openWithApproval")
                      : t("companyInfo.openNoApproval")
                    : t("finder.closed")
                }
              />
            </SimpleGrid>
          </Stack>
        </Card>
      )}

      <Memberships />
    </Stack>
  );
}

/** Copies the company code; a failure is only logged (spec section 8). */
function CopyCode({ code }: { code: string }) {
  const { t } = useTranslation("admin");
  const clipboard = useClipboard({ timeout: 2000 });
  useEffect(() => {
    if (clipboard.error) console.warn("Copying the company code failed", clipboard.error);
  }, [clipboard.error]);
  return (
    <Tooltip label={clipboard.copied ? t("companyInfo.copied") : t("companyInfo.copy")} withArrow>
      <ActionIcon variant="subtle" color={clipboard.copied ? "teal" : "gray"} onClick={() => clipboard.copy(code)} aria-label={t("companyInfo.copy")}>
        {clipboard.copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}

function Fact({ icon, label, value }: { icon?: ReactNode; label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group gap={6} wrap="nowrap" c="dimmed">
        {icon}
        <Text size="xs" tt="uppercase" fw={600} c="dimmed">
          {label}
        </Text>
      </Group>
      <Text fw={600} mt={4}>
        {value}
      </Text>
    </Paper>
  );
}

/** Every company of the user; another one can be made the active company. */
function Memberships() {
  const { t } = useTranslation(["admin", "common"]);
  const memberships = useQuery(api.companies.getUserCompanyMemberships);
  const switchCompany = useMutation(api.companies.switchActiveCompany);
  const [switching, setSwitching] = useState<string | null>(null);
  if (!memberships || memberships.length < 2) return null;

  const onSwitch = async (companyId: string, name: string) => {
    setSwitching(companyId);
    try {
      await switchCompany({ companyId });
      notifySuccess(t("companyInfo.switched", { name }));
    } catch (error) {
      notifyError(errorText(error, t("companyInfo.switchFailed")));
    } finally {
      setSwitching(null);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("companyInfo.yourCompanies")}
        </Title>
        {memberships.map((m) => (
          <Group key={m._id} justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={2} miw={0}>
              <Group gap={6}>
                <Text fw={500} truncate="end">
                  {m.companyName}
                </Text>
                <RoleBadge role={m.role} size="sm" />
              </Group>
              <Text size="xs" c="dimmed">
                {t("companyInfo.memberSince", { date: formatDate(m.joinedAt) })}
              </Text>
            </Stack>
            {m.isActive ? (
              <Badge color="teal" variant="light" leftSection={<IconUserCheck size={12} aria-hidden />}>
                {t("companyInfo.active")}
              </Badge>
            ) : (
              <Button size="xs" variant="light" loading={switching === m.companyId} onClick={() => void onSwitch(m.companyId, m.companyName)}>
                {t("companyInfo.switch")}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
