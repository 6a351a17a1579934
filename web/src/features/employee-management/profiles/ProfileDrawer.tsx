import { Alert, Badge, Button, Divider, Drawer, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconCash, IconKey, IconPencil, IconUserOff, IconUserShield } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useQueryState } from "../../../lib/hooks";
import { twoPersonReason } from "../../../lib/twoPerson";
import { WithReason } from "../../../ui/WithReason";
import { formatDisplayDate } from "../../../ui/laundromatSelection/format";
import { errorText, payText } from "./messages";
import { EditEmployeeModal } from "./EmployeeFormModal";
import { PinModal, RateModal, TerminateModal } from "./ProfileActions";
import { JobsSection } from "./JobsSection";
import { LinkRequestPanel } from "./LinkRequests";
import { EmployeeStatusBadge } from "./StatusBadge";
import type { EmployeeProfile } from "./types";
import { formatDisplayTimestamp } from "@tumble/domain/dateFormat";

type Dialog = "edit" | "rate" | "pin" | "terminate" | null;

/** One employee: details, stores, rate history, recent work, and the manager's actions. */
export function ProfileDrawer({ employeeId, onClose }: { employeeId: string | undefined; onClose: () => void }) {
  const { t } = useTranslation("employees");
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  const profile = useQueryState(api.employees.get, employeeId ? { employeeId } : "skip");
  const [dialog, setDialog] = useState<Dialog>(null);
  const data = profile.data && profile.data._id === employeeId ? profile.data : undefined;

  return (
    <Drawer
      opened={employeeId !== undefined}
      onClose={onClose}
      position="right"
      size={isPhone ? "100%" : "lg"}
      title={data ? data.name : t("profile.title")}
      closeButtonProps={{ "aria-label": t("profile.close") }}
    >
      {profile.error && !data ? (
        <Alert color="red" variant="light">
          {errorText(t, profile.error, t("profile.notFound"))}
        </Alert>
      ) : !data ? (
        <Group justify="center" p="xl">
          <Loader aria-label={t("profile.title")} />
        </Group>
      ) : (
        <ProfileBody profile={data} onAction={setDialog} />
      )}
      {data && dialog === "edit" ? <EditEmployeeModal profile={data} opened onClose={() => setDialog(null)} /> : null}
      {data && dialog === "rate" ? <RateModal profile={data} onClose={() => setDialog(null)} /> : null}
      {data && dialog === "pin" ? <PinModal profile={data} onClose={() => setDialog(null)} /> : null}
      {data && dialog === "terminate" ? <TerminateModal profile={data} onClose={() => setDialog(null)} /> : null}
    </Drawer>
  );
}

function ProfileBody({ profile, onAction }: { profile: EmployeeProfile; onAction: (dialog: Dialog) => void }) {
  const { t } = useTranslation("employees");
  const { t: tOwn } = useTranslation("twoPerson");
  const pending = profile.status === "pending";
  // A person with several jobs: every job's rates in one history, each named.
  const severalJobs = profile.jobs.length > 0;
  const history = [
    ...profile.rates.map((r) => ({ ...r, job: profile.position || t("jobs.untitled") })),
    ...profile.jobs.flatMap((j) => j.rates.map((r) => ({ ...r, job: j.title }))),
  ];
  return (
    <Stack gap="md" data-testid="employee-profile" data-employee-id={profile._id}>
      <Group gap="xs" wrap="wrap">
        <EmployeeStatusBadge status={profile.status} />
        <Text size="sm" c="dimmed">
          {profile.username}
        </Text>
        {profile.currentRate ? (
          <Badge variant="outline" color="gray" data-testid="current-rate">
            {payText(t, profile.currentRate.rateCents, profile.currentRate.payType)}
          </Badge>
        ) : null}
      </Group>
      {profile.linked ? null : <LinkRequestPanel employeeId={profile._id} employeeName={profile.name} />}
      {profile.own ? (
        <Alert variant="light" color="blue" icon={<IconUserShield size={18} aria-hidden />} p="xs" data-testid="profile-own">
          <Text size="sm">{tOwn("ownProfile")}</Text>
        </Alert>
      ) : null}
      {pending ? null : (
        <Group gap="xs" wrap="wrap">
          <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onAction("edit")} data-testid="profile-edit">
            {t("profile.edit")}
          </Button>
          {/* One's own pay and employment are changed by someone else (decision 0060): disabled, saying why. */}
          <WithReason reason={profile.own ? twoPersonReason("ownPay") : null} testId="profile-new-rate-reason">
            <Button
              variant="default"
              leftSection={<IconCash size={16} aria-hidden />}
              onClick={() => onAction("rate")}
              disabled={profile.own}
              data-testid="profile-new-rate"
            >
              {t("profile.newRate")}
            </Button>
          </WithReason>
          <Button variant="default" leftSection={<IconKey size={16} aria-hidden />} onClick={() => onAction("pin")} data-testid="profile-reset-pin">
            {t("profile.resetPin")}
          </Button>
          {profile.status !== "terminated" ? (
            <WithReason reason={profile.own ? twoPersonReason("ownEmployment") : null} testId="profile-terminate-reason">
              <Button
                variant="default"
                color="red"
                leftSection={<IconUserOff size={16} aria-hidden />}
                onClick={() => onAction("terminate")}
                disabled={profile.own}
                data-testid="profile-terminate"
              >
                {t("profile.terminate")}
              </Button>
            </WithReason>
          ) : null}
        </Group>
      )}

      <Section title={t("profile.details")}>
        <Stack gap={4}>
          <Fact label={t("columns.position")} value={profile.position} />
          <Fact label={t("columns.email")} value={profile.email} />
          <Fact label={t("columns.phone")} value={profile.phone} />
          <Fact label={t("columns.hireDate")} value={profile.hireDate ? formatDisplayDate(profile.hireDate) : null} />
          {profile.endDate ? <Fact label={t("columns.endDate")} value={formatDisplayDate(profile.endDate)} /> : null}
          <Fact
            label={t("form.linkedAccount")}
            value={profile.linked ? t("profile.linked", { email: profile.linkedEmail ?? profile.email ?? "" }) : t("profile.notLinked")}
          />
        </Stack>
      </Section>

      <Section title={t("profile.stores")}>
        {profile.stores.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("profile.noStores")}
          </Text>
        ) : (
          <Group gap={6} data-testid="profile-stores">
            {profile.stores.map((s) => (
              <Badge key={s._id} variant="light" color="blue" tt="none">
                {s.name}
              </Badge>
            ))}
          </Group>
        )}
      </Section>

      <Section title={t("jobs.heading")}>
        <JobsSection profile={profile} />
      </Section>

      <Section title={t("profile.rates")}>
        {history.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("profile.noRates")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table striped withTableBorder data-testid="rate-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("columns.effectiveFrom")}</Table.Th>
                  {severalJobs ? <Table.Th>{t("jobs.job")}</Table.Th> : null}
                  <Table.Th>{t("columns.payType")}</Table.Th>
                  <Table.Th ta="right">{t("columns.rate")}</Table.Th>
                  <Table.Th>{t("columns.reason")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.map((r) => (
                  <Table.Tr key={r._id} data-testid="rate-row" data-state={r.state} data-effective-from={r.effectiveFrom}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm">{formatDisplayDate(r.effectiveFrom)}</Text>
                        {r.state === "past" ? null : (
                          <Badge size="xs" variant="light" color={r.state === "current" ? "teal" : "blue"} style={{ minWidth: "max-content" }}>
                            {t(`profile.${r.state}`)}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    {severalJobs ? <Table.Td>{r.job}</Table.Td> : null}
                    <Table.Td>{t(`payTypes.${r.payType}`)}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {formatUSD(r.rateCents)}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {[r.reason, r.createdBy ? t("profile.setBy", { name: r.createdBy }) : null].filter(Boolean).join(" · ")}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>

      <Section title={t("profile.work")}>
        <RecentWork profile={profile} />
      </Section>
    </Stack>
  );
}

function RecentWork({ profile }: { profile: EmployeeProfile }) {
  const { t } = useTranslation("employees");
  const work = profile.work;
  if (!work) {
    return (
      <Text size="sm" c="dimmed">
        {t("profile.workLater")}
      </Text>
    );
  }
  if (work.punches.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("profile.noPunches")}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="recent-work">
      <Group gap={6}>
        {work.days.map((d) => (
          <Badge key={d.businessDate} variant="light" color="gray" tt="none">
            {t("profile.hoursOn", { hours: (d.minutes / 60).toFixed(2), date: formatDisplayDate(d.businessDate) })}
          </Badge>
        ))}
      </Group>
      <Table withTableBorder>
        <Table.Tbody>
          {work.punches.map((p) => (
            <Table.Tr key={p._id}>
              <Table.Td>{formatDisplayTimestamp(p.occurredAt)}</Table.Td>
              <Table.Td>{t(`profile.punchActions.${p.action}`, { defaultValue: p.action })}</Table.Td>
              <Table.Td>
                {p.storeName}
                {p.offline ? ` · ${t("profile.offline")}` : ""}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Divider />
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  const { t } = useTranslation("employees");
  return (
    <Text size="sm">
      <Text span size="sm" c="dimmed">
        {label}:
      </Text>{" "}
      {value || t("profile.notSet")}
    </Text>
  );
}
