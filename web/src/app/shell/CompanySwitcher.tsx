import { Button, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconBuilding, IconCheck, IconChevronDown, IconSettings, IconShieldCog } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { isSystemRole } from "@tumble/domain/permissions";
import { api } from "../../lib/api";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { refusalText } from "@tumble/domain/refusals";
import { currentLanguage } from "../../lib/i18n";
import { useMutation, useQuery, useQueryState } from "../../lib/hooks";
import { notifyError, notifySuccess } from "../../lib/notify";
import { pathTarget } from "../../lib/pathTarget";
import classes from "./AppLayout.module.css";

// The company every screen belongs to, named in the header on every screen (issue 34): a person
// in several companies sees which one they act in and switches there, without going to Profile.
// A system admin acting in a company they do not belong to sees its name too (from the company
// itself, since it is not among their memberships), and reaches every company from the console.

/** The active company's name, or null when the caller acts in none. */
function useActiveCompany() {
  const user = useQuery(api.auth.loggedInUser);
  const memberships = useQueryState(api.companies.getUserCompanyMemberships).data;
  const activeId = user?.activeCompanyId ?? null;
  const member = memberships?.find((m) => m.companyId === activeId);
  const outside = useQueryState(api.companies.getCurrentCompany, activeId && memberships && !member ? {} : "skip").data;
  const name = member?.companyName ?? (outside ? (outside.displayName ?? outside.name) : null);
  return { activeId, name, memberships: memberships ?? [], isSystemAdmin: isSystemRole(user?.globalRole), loading: user === undefined };
}

/** The header's company button and its menu; `variant="bar"` is the phone's bottom bar. */
export function CompanySwitcher({ variant = "header" }: { variant?: "header" | "bar" }) {
  const { t } = useTranslation("common");
  const navigate = useNavigate();
  const { activeId, name, memberships, isSystemAdmin, loading } = useActiveCompany();
  const switchCompany = useMutation(api.companies.switchActiveCompany);
  if (loading) return null;

  const switchTo = async (companyId: string, companyName: string) => {
    if (companyId === activeId) return;
    try {
      await switchCompany({ companyId });
      notifySuccess(t("company.switched", { company: companyName }));
    } catch (error) {
      // By code where the screens have loaded the companies' table; the shell does not load
      // errorText itself, whose tables build schemas before the app turns zod's eval off.
      notifyError(refusalText((error as { data?: unknown } | null)?.data, currentLanguage()) ?? extractErrorMessage(error, t("company.switchFailed")));
    }
  };
  const go = (path: string) => void navigate(pathTarget(path));
  const label = name ?? t("company.none");

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={280}>
      <Menu.Target>
        {variant === "bar" ? (
          <UnstyledButton className={classes.companyChip} aria-label={t("company.label", { company: label })} data-testid="header-company">
            <IconBuilding size={16} aria-hidden />
            <Text size="sm" fw={600} truncate="end" data-testid="header-company-name">
              {label}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </UnstyledButton>
        ) : (
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconBuilding size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            aria-label={t("company.label", { company: label })}
            className={classes.companyButton}
            data-testid="header-company"
          >
            <Text size="sm" fw={600} truncate="end" component="span" data-testid="header-company-name">
              {label}
            </Text>
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown data-testid="company-menu">
        <Menu.Label>{t(memberships.length > 0 ? "company.yours" : "company.none")}</Menu.Label>
        {memberships.map((m) => (
          <Menu.Item
            key={m.companyId}
            leftSection={m.companyId === activeId ? <IconCheck size={16} aria-hidden /> : <span style={{ width: 16 }} />}
            onClick={() => void switchTo(m.companyId, m.companyName)}
            aria-current={m.companyId === activeId ? "true" : undefined}
            data-testid={`company-menu-${m.companyCode ?? m.companyId}`}
          >
            <Text size="sm" truncate="end">
              {m.companyName}
            </Text>
          </Menu.Item>
        ))}
        {activeId && !memberships.some((m) => m.companyId === activeId) && name ? (
          <Menu.Item leftSection={<IconCheck size={16} aria-hidden />} aria-current="true" disabled>
            {t("company.actingAsAdmin", { company: name })}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item leftSection={<IconSettings size={16} aria-hidden />} onClick={() => go("/user/profile#companies")} data-testid="company-menu-manage">
          {t(memberships.length > 0 ? "company.manage" : "company.join")}
        </Menu.Item>
        {isSystemAdmin ? (
          <Menu.Item leftSection={<IconShieldCog size={16} aria-hidden />} onClick={() => go("/system-admin/companies")} data-testid="company-menu-all">
            {t("company.allCompanies")}
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
