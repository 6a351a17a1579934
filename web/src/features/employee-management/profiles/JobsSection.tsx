import { Alert, Badge, Button, Group, Modal, Paper, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconBriefcase, IconCash, IconCalendarOff, IconInfoCircle } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { addJobSchema, endJobSchema, JOB_TITLE_MAX, type AddJobInput, type PayType } from "@tumble/domain/employees";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { twoPersonReason } from "../../../lib/twoPerson";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { formatDisplayDate } from "../../../ui/laundromatSelection/format";
import { WithReason } from "../../../ui/WithReason";
import { useField } from "./fields";
import { payText } from "./messages";
import { useSaving } from "./useSaving";
import { PayTypeControl } from "./PayTypeControl";
import { RateFields } from "./RateFields";
import { RateModal } from "./ProfileActions";
import type { EmployeeJobEntry, EmployeeProfile } from "./types";

// One person, several jobs (docs/decisions/0055): the profile is the first job (its position and
// rates); further jobs have their own title, store and rates. Their hours add up in the workweek.

type Dialog = { kind: "add" } | { kind: "rate"; job: EmployeeJobEntry } | { kind: "end"; job: EmployeeJobEntry } | null;

export function JobsSection({ profile }: { profile: EmployeeProfile }) {
  const { t } = useTranslation("employees");
  const [dialog, setDialog] = useState<Dialog>(null);
  const storeName = (id: string | null) => (id ? (profile.stores.find((s) => s._id === id)?.name ?? "") : t("jobs.anyStore"));
  const editable = profile.status !== "pending" && profile.status !== "terminated";
  // One's own jobs and their rates are set by someone else (decision 0060).
  const ownReason = profile.own ? twoPersonReason("ownPay") : null;
  return (
    <Stack gap="xs" data-testid="profile-jobs">
      <Text size="sm" c="dimmed">
        {t("jobs.help")}
      </Text>
      {/* A list, not a table: buttons and long Spanish labels wrap instead of scrolling sideways. */}
      <Stack gap={6}>
        <JobItem
          title={profile.position || t("jobs.untitled")}
          badge={
            <Badge size="xs" variant="light" color="gray" style={{ minWidth: "max-content" }}>
              {t("jobs.main")}
            </Badge>
          }
          store={t("jobs.anyStore")}
          pay={payText(t, profile.currentRate?.rateCents, profile.currentRate?.payType)}
          jobId=""
        />
        {profile.jobs.map((job) => (
          <JobItem
            key={job._id}
            jobId={job._id}
            title={job.title}
            badge={
              job.endedOn ? (
                <Badge size="xs" variant="light" color="red" style={{ minWidth: "max-content" }}>
                  {t("jobs.endedOn", { date: formatDisplayDate(job.endedOn) })}
                </Badge>
              ) : null
            }
            store={storeName(job.storeId)}
            pay={payText(t, job.currentRate?.rateCents, job.currentRate?.payType)}
          >
            {editable && !job.endedOn ? (
              <Group gap={6} wrap="wrap">
                <WithReason reason={ownReason}>
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconCash size={14} aria-hidden />}
                    onClick={() => setDialog({ kind: "rate", job })}
                    disabled={profile.own}
                    data-testid="job-new-rate"
                  >
                    {t("profile.newRate")}
                  </Button>
                </WithReason>
                <WithReason reason={ownReason}>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    leftSection={<IconCalendarOff size={14} aria-hidden />}
                    onClick={() => setDialog({ kind: "end", job })}
                    disabled={profile.own}
                    data-testid="job-end"
                  >
                    {t("jobs.end")}
                  </Button>
                </WithReason>
              </Group>
            ) : null}
          </JobItem>
        ))}
      </Stack>
      {editable ? (
        <Group>
          <WithReason reason={ownReason} testId="job-add-reason">
            <Button
              variant="default"
              leftSection={<IconBriefcase size={16} aria-hidden />}
              onClick={() => setDialog({ kind: "add" })}
              disabled={profile.own}
              data-testid="job-add"
            >
              {t("jobs.add")}
            </Button>
          </WithReason>
        </Group>
      ) : null}
      {dialog?.kind === "add" ? <AddJobModal profile={profile} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === "rate" ? <RateModal profile={profile} job={dialog.job} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === "end" ? <EndJobModal profile={profile} job={dialog.job} onClose={() => setDialog(null)} /> : null}
    </Stack>
  );
}

function JobItem({
  jobId,
  title,
  badge,
  store,
  pay,
  children,
}: {
  jobId: string;
  title: string;
  badge: ReactNode;
  store: string;
  pay: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation("employees");
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="job-row" data-job-id={jobId}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600}>
              {title}
            </Text>
            {badge}
          </Group>
          <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
            {pay}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t("jobs.store")}: {store}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

function AddJobModal({ profile, onClose }: { profile: EmployeeProfile; onClose: () => void }) {
  const { t } = useTranslation("employees");
  const addJob = useMutation(api.employees.addJob);
  const { busy, run } = useSaving(onClose);
  const initial: AddJobInput = {
    employeeId: profile._id,
    title: "",
    storeId: null,
    payType: "hourly" as PayType,
    rateCents: null as unknown as number,
    effectiveFrom: profile.today,
  };
  const form = useSchemaForm(addJobSchema, { initialValues: initial });
  const field = useField(form);
  const values = form.getValues();
  const save = () => run(() => addJob(form.getValues()), t("jobs.added"));
  return (
    <Modal opened onClose={onClose} title={t("jobs.addTitle", { name: profile.name })} size="md" closeButtonProps={{ "aria-label": t("form.cancel") }}>
      <form onSubmit={form.submit(save)} noValidate data-testid="job-form">
        <Stack gap="sm">
          <Alert variant="light" icon={<IconInfoCircle aria-hidden />} p="xs">
            <Text size="sm">{t("jobs.addHelp")}</Text>
          </Alert>
          <TextInput
            label={t("jobs.title")}
            placeholder={t("jobs.titlePlaceholder")}
            maxLength={JOB_TITLE_MAX}
            withAsterisk
            size="md"
            data-autofocus
            data-testid="job-title"
            {...field("title")}
          />
          <Select
            label={t("jobs.store")}
            description={t("jobs.storeHelp")}
            size="md"
            data-testid="job-store"
            data={[{ value: "", label: t("jobs.anyStore") }, ...profile.stores.map((s) => ({ value: s._id, label: s.name }))]}
            value={values.storeId ?? ""}
            onChange={(v) => form.setFieldValue("storeId", v ? v : null)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <PayTypeControl id="job-pay-type-label" testId="job-pay-type" inputProps={field("payType")} />
          <RateFields field={field} payType={values.payType} testIds={{ rate: "job-rate", date: "job-effective-from" }} />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} size="md">
              {t("form.cancel")}
            </Button>
            <Button type="submit" loading={busy} size="md" data-testid="job-submit">
              {t("jobs.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function EndJobModal({ profile, job, onClose }: { profile: EmployeeProfile; job: EmployeeJobEntry; onClose: () => void }) {
  const { t } = useTranslation("employees");
  const endJob = useMutation(api.employees.endJob);
  const { busy, run } = useSaving(onClose);
  const form = useSchemaForm(endJobSchema, { initialValues: { employeeId: profile._id, jobId: job._id, endedOn: profile.today } });
  const field = useField(form);
  const save = () => run(() => endJob(form.getValues()), t("jobs.ended"));
  return (
    <Modal opened onClose={onClose} title={t("jobs.endTitle", { job: job.title })} size="sm" closeButtonProps={{ "aria-label": t("form.cancel") }}>
      <form onSubmit={form.submit(save)} noValidate data-testid="job-end-form">
        <Stack gap="sm">
          <Text size="sm">{t("jobs.endHelp")}</Text>
          <TextInput label={t("jobs.lastDay")} type="date" withAsterisk size="md" data-testid="job-ended-on" {...field("endedOn")} />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} size="md">
              {t("form.cancel")}
            </Button>
            <Button type="submit" color="red" loading={busy} size="md" data-testid="job-end-submit">
              {t("jobs.end")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
