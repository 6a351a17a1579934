import { Avatar, Badge, Button, Flex, Group, Paper, Stack, Text } from "@mantine/core";
import { IconLock, IconUsers } from "@tabler/icons-react";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { api } from "../../lib/api";

export type FinderCompany = ReturnsOf<typeof api.companyJoinRequests.searchCompanies>[number];

/** Where the user stands with a company: already in it, waiting, not accepting requests, or open. */
export type CompanyStanding = "member" | "pending" | "closed" | "open";

/** One company in the finder: name, code, description and size; the action or why there is none. */
export function CompanyCard({
  company,
  standing,
  onSelect,
  action,
}: {
  company: FinderCompany;
  standing: CompanyStanding;
  onSelect?: (company: FinderCompany) => void;
  /** Replaces the select button (the selected company shows Change here). */
  action?: ReactNode;
}) {
  const { t } = useTranslation("admin");
  const name = company.displayName || company.name;
  const facts = [
    company.industry ? t(`industries.${company.industry}`, { defaultValue: company.industry }) : null,
    company.size ? t(`sizes.${company.size}`, { defaultValue: company.size }) : null,
  ].filter((fact): fact is string => fact !== null);

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="company-card"
      data-company={company.companyId}
      data-standing={standing}
      aria-label={name}
      style={standing === "closed" ? { opacity: 0.75 } : undefined}
    >
      <Flex direction={{ base: "column", xs: "row" }} gap="sm" align={{ base: "stretch", xs: "flex-start" }}>
        <Group wrap="nowrap" align="flex-start" gap="sm" style={{ flex: 1, minWidth: 0 }}>
          <Avatar radius="md" color="initials" name={name} alt="" />
          <Stack gap={4} miw={0} style={{ flex: 1 }}>
            <Group gap={6} wrap="wrap">
              <Text fw={600} lh={1.3}>
                {name}
              </Text>
              <Badge variant="outline" color="gray" size="sm" ff="monospace" tt="none">
                {company.companyId}
              </Badge>
            </Group>
            {company.description ? (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {company.description}
              </Text>
            ) : null}
            <Group gap={6} wrap="nowrap" c="dimmed">
              <IconUsers size={14} aria-hidden style={{ flexShrink: 0, opacity: 0.8 }} />
              <Text size="xs" c="dimmed">
                {[...facts, t("finder.memberCount", { count: company.memberCount })].join(" · ")}
              </Text>
            </Group>
          </Stack>
        </Group>
        <Group justify="flex-end" style={{ flexShrink: 0 }}>
          {action ?? <StandingAction company={company} standing={standing} onSelect={onSelect} />}
        </Group>
      </Flex>
    </Paper>
  );
}

function StandingAction({ company, standing, onSelect }: { company: FinderCompany; standing: CompanyStanding; onSelect?: (company: FinderCompany) => void }) {
  const { t } = useTranslation("admin");
  if (standing === "closed") {
    return (
      <Badge color="red" variant="light" leftSection={<IconLock size={12} aria-hidden />} data-testid="company-closed">
        {t("finder.closed")}
      </Badge>
    );
  }
  if (standing === "member") {
    return (
      <Badge color="teal" variant="light">
        {t("finder.alreadyMember")}
      </Badge>
    );
  }
  if (standing === "pending") {
    return (
      <Badge color="yellow" variant="light">
        {t("finder.requestPending")}
      </Badge>
    );
  }
  return (
    <Button size="xs" variant="light" onClick={() => onSelect?.(company)} aria-label={t("finder.selectCompany", { name: company.displayName || company.name })}>
      {t("finder.select")}
    </Button>
  );
}
