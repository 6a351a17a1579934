import { ActionIcon, Badge, Button, Card, Group, Menu, Modal, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconBuildingPlus, IconDots, IconLogin2, IconPencil, IconPlayerPause, IconPlayerPlay, IconSearch, IconUsers } from "@tabler/icons-react";
// Imported for their refusal tables, which errorText reads by code.
import "@tumble/domain/companyRefusals";
import "@tumble/domain/systemAdminRefusals";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
import { useMutation, useQueryState } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { RoleBadge } from "../../../ui/companyFinder/badges";
import { formatDate } from "../../../ui/companyFinder/format";
import { openConfirm } from "../../../ui/confirm";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { CompanyForm, EMPTY_COMPANY, type CompanyFormValues } from "../parts/CompanyForm";

type Company = ReturnsOf<typeof api.systemAdmin.listCompanies>[number];

interface CompaniesSearch {
  q: string;
  status: "active" | "suspended";
  sort: "name" | "members" | "created";
  dir: "asc" | "desc";
  page: number;
  /** The company whose members are open, or "new" / "edit:<id>" for the forms. */
  open: string;
}
const SEARCH: SearchSchema<CompaniesSearch> = {
  q: param.text(100),
  status: param.oneOf(["active", "suspended"] as const),
  sort: param.oneOf(["name", "members", "created"] as const),
  dir: param.oneOf(["asc", "desc"] as const),
  page: param.int(1),
  open: param.text(80),
};

const blankToNull = (v: string) => (v.trim() ? v.trim() : null);

/** /system-admin/companies: every company on the platform; create with an owner, edit, suspend, members. */
export default function SystemAdminCompanies() {
  const { t } = useTranslation(["systemAdmin", "common"]);
  const [search, setSearch] = useSearchState(SEARCH);
  const state = useQueryState(api.systemAdmin.listCompanies, { search: search.q ?? "", status: search.status ?? "all" });
  const create = useMutation(api.systemAdmin.createCompany);
  const update = useMutation(api.systemAdmin.updateCompany);
  const suspend = useMutation(api.systemAdmin.setCompanySuspended);
  const switchCompany = useMutation(api.companies.switchActiveCompany);
  const [busy, setBusy] = useState(false);
  const phone = useMediaQuery("(max-width: 47.99em)");
  const companies = state.data;
  const editing = search.open?.startsWith("edit:") ? companies?.find((c) => c.id === search.open!.slice(5)) : undefined;
  const membersOf = search.open && !search.open.includes(":") && search.open !== "new" ? companies?.find((c) => c.id === search.open) : undefined;
  const close = () => setSearch({ open: undefined });

  const onCreate = async (v: CompanyFormValues) => {
    setBusy(true);
    try {
      const r = await create({
        name: v.name,
        displayName: blankToNull(v.displayName),
        description: blankToNull(v.description),
        industry: blankToNull(v.industry),
        size: (v.size || null) as never,
        emailDomain: blankToNull(v.emailDomain),
        allowJoinRequests: v.allowJoinRequests,
        requireApproval: v.requireApproval,
        defaultLanguage: v.defaultLanguage,
        ownerEmail: v.ownerEmail,
        ownerName: blankToNull(v.ownerName),
      });
      notifySuccess(t("companies.created", { name: v.name, code: r.companyCode, email: v.ownerEmail.trim() }));
      close();
    } catch (error) {
      notifyError(errorText(error, t("companies.createFailed")));
    } finally {
      setBusy(false);
    }
  };

  const onEdit = async (company: Company, v: CompanyFormValues) => {
    setBusy(true);
    try {
      await update({
        companyId: company.id,
        name: v.name,
        displayName: blankToNull(v.displayName),
        companyCode: v.companyCode,
        description: blankToNull(v.description),
        industry: blankToNull(v.industry),
        size: (v.size || null) as never,
        emailDomain: blankToNull(v.emailDomain),
        allowJoinRequests: v.allowJoinRequests,
        requireApproval: v.requireApproval,
        defaultLanguage: v.defaultLanguage,
      });
      notifySuccess(t("companies.saved", { name: v.name }));
      close();
    } catch (error) {
      notifyError(errorText(error, t("companies.saveFailed")));
    } finally {
      setBusy(false);
    }
  };

  // A system admin acts in any company (spec section 6): the header then names it on every screen.
  const workIn = async (company: Company) => {
    try {
      await switchCompany({ companyId: company.id });
      notifySuccess(t("companies.workingIn", { name: company.name }));
    } catch (error) {
      notifyError(errorText(error, t("companies.saveFailed")));
    }
  };

  const onSuspend = (company: Company, suspended: boolean) =>
    openConfirm({
      title: suspended ? t("companies.suspendTitle", { name: company.name }) : t("companies.reactivateTitle", { name: company.name }),
      message: suspended ? t("companies.suspendMessage", { count: company.memberCount }) : t("companies.reactivateMessage"),
      confirmLabel: suspended ? t("companies.suspend") : t("companies.reactivate"),
      cancelLabel: t("common:actions.cancel"),
      destructive: suspended,
      confirmTestId: "confirm-suspend",
      onConfirm: () => {
        suspend({ companyId: company.id, suspended })
          .then(() => notifySuccess(suspended ? t("companies.suspended", { name: company.name }) : t("companies.reactivated", { name: company.name })))
          .catch((error: unknown) => notifyError(errorText(error, t("companies.saveFailed"))));
      },
    });

  const columns: DataColumn<Company>[] = [
    {
      id: "name",
      header: t("companies.columns.company"),
      cell: (c) => (
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={500} truncate="end">
            {c.name}
          </Text>
          <Text size="xs" c="dimmed">
            {c.companyCode}
            {c.emailDomain ? ` · ${c.emailDomain}` : ""}
          </Text>
        </Stack>
      ),
      sortValue: (c) => c.name.toLowerCase(),
      csv: (c) => c.name,
      card: "title",
    },
    {
      id: "status",
      header: t("companies.columns.status"),
      cell: (c) =>
        c.suspendedAt ? (
          <Badge color="red" variant="light">
            {t("companies.status.suspended")}
          </Badge>
        ) : (
          <Badge color="green" variant="light">
            {t("companies.status.active")}
          </Badge>
        ),
      sortValue: (c) => (c.suspendedAt ? 1 : 0),
      card: "badge",
    },
    { id: "members", header: t("companies.columns.members"), cell: (c) => c.memberCount, sortValue: (c) => c.memberCount, align: "right" },
    { id: "stores", header: t("companies.columns.stores"), cell: (c) => c.storeCount, sortValue: (c) => c.storeCount, align: "right" },
    { id: "created", header: t("companies.columns.created"), cell: (c) => formatDate(Date.parse(c.createdAt)), sortValue: (c) => c.createdAt },
    {
      id: "actions",
      header: t("companies.columns.actions"),
      hideable: false,
      align: "right",
      card: "footer",
      cell: (c) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="light" leftSection={<IconUsers size={14} aria-hidden />} onClick={() => setSearch({ open: c.id }, { push: true })}>
            {t("companies.members")}
          </Button>
          <Menu withinPortal position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" size="lg" aria-label={t("companies.actionsFor", { name: c.name })}>
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconLogin2 size={14} aria-hidden />}
                disabled={Boolean(c.suspendedAt)}
                onClick={() => void workIn(c)}
                data-testid={`work-in-${c.companyCode}`}
              >
                {t("companies.workIn")}
              </Menu.Item>
              <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setSearch({ open: `edit:${c.id}` }, { push: true })}>
                {t("companies.edit")}
              </Menu.Item>
              {c.suspendedAt ? (
                <Menu.Item leftSection={<IconPlayerPlay size={14} aria-hidden />} onClick={() => onSuspend(c, false)}>
                  {t("companies.reactivate")}
                </Menu.Item>
              ) : (
                <Menu.Item color="red" leftSection={<IconPlayerPause size={14} aria-hidden />} onClick={() => onSuspend(c, true)}>
                  {t("companies.suspend")}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <ScreenTitle title={t("companies.title")} subtitle={t("companies.subtitle")} />
        <Button leftSection={<IconBuildingPlus size={16} aria-hidden />} onClick={() => setSearch({ open: "new" }, { push: true })} data-testid="new-company">
          {t("companies.new")}
        </Button>
      </Group>
      <Card withBorder radius="lg" padding={phone ? "sm" : "md"}>
        <DataTable
          tableId="system-admin-companies"
          caption={t("companies.title")}
          columns={columns}
          data={companies}
          error={state.error}
          getRowId={(c) => c.id}
          rowName={(c) => c.name}
          sort={{ id: search.sort ?? "name", desc: search.dir === "desc" }}
          onSortChange={(s) => setSearch({ sort: s?.id as CompaniesSearch["sort"], dir: s?.desc ? "desc" : undefined, page: undefined })}
          page={search.page ?? 1}
          onPageChange={(page) => setSearch({ page: page > 1 ? page : undefined })}
          emptyText={t("companies.none")}
          testId="companies"
          rowTestId="company-row"
          rowAttributes={(c) => ({ "data-name": c.name })}
          toolbar={
            <>
              <TextInput
                label={t("companies.search")}
                leftSection={<IconSearch size={16} aria-hidden />}
                defaultValue={search.q ?? ""}
                onChange={(e) => setSearch({ q: e.currentTarget.value || undefined, page: undefined })}
                w={{ base: "100%", xs: 280 }}
              />
              <Select
                label={t("companies.columns.status")}
                data={[
                  { value: "", label: t("companies.status.all") },
                  { value: "active", label: t("companies.status.active") },
                  { value: "suspended", label: t("companies.status.suspended") },
                ]}
                value={search.status ?? ""}
                onChange={(v) => setSearch({ status: (v || undefined) as CompaniesSearch["status"], page: undefined })}
                allowDeselect={false}
                w={{ base: "100%", xs: 200 }}
                comboboxProps={{ withinPortal: true }}
              />
            </>
          }
        />
      </Card>

      <Modal opened={search.open === "new"} onClose={close} title={t("companies.new")} size="lg" centered>
        <CompanyForm mode="create" initial={EMPTY_COMPANY} busy={busy} onSubmit={(v) => void onCreate(v)} onCancel={close} />
      </Modal>
      <Modal opened={!!editing} onClose={close} title={t("companies.editTitle", { name: editing?.name ?? "" })} size="lg" centered>
        {editing ? (
          <CompanyForm
            mode="edit"
            busy={busy}
            initial={{
              ...EMPTY_COMPANY,
              name: editing.name,
              displayName: editing.displayName ?? "",
              companyCode: editing.companyCode,
              description: editing.description ?? "",
              industry: editing.industry ?? "",
              size: editing.size ?? "",
              emailDomain: editing.emailDomain ?? "",
              allowJoinRequests: editing.allowJoinRequests,
              requireApproval: editing.requireApproval,
              defaultLanguage: editing.defaultLanguage === "es" ? "es" : "en",
            }}
            onSubmit={(v) => void onEdit(editing, v)}
            onCancel={close}
          />
        ) : null}
      </Modal>
      <Modal opened={!!membersOf} onClose={close} title={t("companies.membersOf", { name: membersOf?.name ?? "" })} size="lg" centered>
        {membersOf ? <Members companyId={membersOf.id} /> : null}
      </Modal>
    </Stack>
  );
}

function Members({ companyId }: { companyId: string }) {
  const { t } = useTranslation("systemAdmin");
  const { data } = useQueryState(api.systemAdmin.listCompanyMembers, { companyId });
  if (!data) return <Text size="sm">{t("loading")}</Text>;
  if (!data.length) return <Text size="sm">{t("companies.noMembers")}</Text>;
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table data-testid="company-members">
        <Table.Tbody>
          {data.map((m) => (
            <Table.Tr key={m.userId}>
              <Table.Td>
                <Text size="sm">{m.name ?? m.email}</Text>
                {m.name ? (
                  <Text size="xs" c="dimmed">
                    {m.email}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <RoleBadge role={m.role} />
              </Table.Td>
              <Table.Td>{formatDate(Date.parse(m.joinedAt))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
