import { Alert, Button, Drawer, Group, Loader, SimpleGrid, Stack, Text, Textarea, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertTriangle, IconArrowDownRight, IconCheck, IconTrash, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/collectionRefusals";
import { formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
import { useMutation, useQueryState } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { openConfirm } from "../../../ui/confirm";
import { ReasonDialog } from "../../../ui/ReasonDialog";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { collectionRejectFormSchema } from "@tumble/domain/collectionReview";
import { AdjustModal } from "./AdjustModal";
import { formatDisplayDate, formatDisplayDateTime } from "./format";
import { StatusBadge } from "./StatusBadge";
import type { CollectionDetail } from "./types";
import classes from "./collections.module.css";
import { CollectionAdjustments, CollectionLinesTable } from "./CollectionDetailParts";

interface Props {
  collectionId: string | null;
  onClose: () => void;
  /** Admin collections: adjust verified ones and delete drafts. */
  admin?: boolean;
}

/** One collection's lines beside each machine's expected figure, with its review actions. */
export function CollectionDetailDrawer({ collectionId, onClose, admin = false }: Props) {
  const { t } = useTranslation("collections");
  const isMobile = useMediaQuery("(max-width: 767px)") ?? false;
  const detail = useQueryState(api.collections.get, collectionId ? { collectionId } : "skip");
  return (
    <Drawer
      opened={collectionId !== null}
      onClose={onClose}
      position={isMobile ? "bottom" : "right"}
      size={isMobile ? "92%" : "xl"}
      title={<Text fw={700}>{t("verify.title")}</Text>}
      closeButtonProps={{ "aria-label": t("common.close") }}
      data-testid="collection-detail"
    >
      {detail.error ? (
        <Alert color="red">{errorText(detail.error, t("verify.loadFailed"))}</Alert>
      ) : !detail.data ? (
        <Loader aria-label={t("common.loading")} />
      ) : (
        <DetailBody key={detail.data._id} c={detail.data} admin={admin} onClose={onClose} />
      )}
    </Drawer>
  );
}

function DetailBody({ c, admin, onClose }: { c: CollectionDetail; admin: boolean; onClose: () => void }) {
  const { t } = useTranslation("collections");
  const role = useQueryState(api.auth.getUserCompanyRole).data;
  const me = useQueryState(api.auth.loggedInUser).data;
  const verify = useMutation(api.collections.verify);
  const reject = useMutation(api.collections.reject);
  const deleteDraft = useMutation(api.collections.deleteDraft);
  const [rejecting, setRejecting] = useState(false);
  const rejectForm = useSchemaForm(collectionRejectFormSchema, { initialValues: { reason: "" } });
  const [busy, setBusy] = useState<"verify" | "reject" | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  const canVerify = Boolean(role?.permissions.canVerify);
  const isAdmin = Boolean(role?.permissions.isAdmin);
  const own = me?._id === c.collectorId;
  const reviewable = canVerify && c.status === "submitted" && !c.adjustsCollectionId;
  const lowCount = c.lines.filter((l) => l.isLow).length;

  // Machines already in another submitted or verified collection of the day: verified only with a reason.
  const repeated = c.warnings.filter((w) => w.otherStatus === "submitted" || w.otherStatus === "verified");
  const [askingReason, setAskingReason] = useState(false);
  // Above the company's amount the first verifier's approval waits for a second one.
  const verified = (result: { status: string }) =>
    notifySuccess(result.status === "verified" ? t("verify.verified", { total: formatUSD(c.totalCents) }) : t("verify.awaitingSecond"));
  const onVerify = async () => {
    if (repeated.length && !c.duplicateApprovedByName) return setAskingReason(true);
    setBusy("verify");
    try {
      verified(await verify({ collectionId: c._id }));
    } catch (error) {
      notifyError(errorText(error, t("verify.failed")));
    } finally {
      setBusy(null);
    }
  };
  const onReject = async ({ reason }: { reason: string }) => {
    setBusy("reject");
    try {
      await reject({ collectionId: c._id, reason });
      notifySuccess(t("verify.rejected"));
      setRejecting(false);
    } catch (error) {
      notifyError(errorText(error, t("verify.failed")));
    } finally {
      setBusy(null);
    }
  };
  const onDelete = () =>
    openConfirm({
      title: t("adminCollections.deleteTitle"),
      message: t("adminCollections.deleteMessage", { store: c.storeName, date: formatDisplayDate(c.businessDate) }),
      confirmLabel: t("adminCollections.delete"),
      cancelLabel: t("common.cancel"),
      destructive: true,
      confirmTestId: "confirm-delete-draft",
      onConfirm: () => {
        void deleteDraft({ collectionId: c._id })
          .then(() => {
            notifySuccess(t("adminCollections.deleted"));
            onClose();
          })
          .catch((error: unknown) => notifyError(errorText(error, t("adminCollections.deleteFailed"))));
      },
    });

  return (
    <Stack gap="md">
      <div>
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={2} size="h3">
              {c.storeName}
            </Title>
            <Text c="dimmed" size="sm">
              {formatDisplayDate(c.businessDate)} · {c.collectorName || c.collectorEmail}
            </Text>
          </div>
          <StatusBadge status={c.status} />
        </Group>
        <SimpleGrid cols={2} mt="sm" spacing="xs">
          <div>
            <Text size="xs" c="dimmed">
              {t("common.total")}
            </Text>
            <Text fw={800} size="xl" data-testid="detail-total">
              {formatUSD(c.totalCents)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {c.verifiedAt ? t("verify.verifiedAt") : t("verify.submittedAt")}
            </Text>
            <Text size="sm">{formatDisplayDateTime(c.verifiedAt ?? c.submittedAt) || "—"}</Text>
          </div>
        </SimpleGrid>
      </div>

      {c.adjustsCollectionId ? <Alert color="grape">{t("adminCollections.isAdjustment", { reason: c.adjustmentReason ?? "" })}</Alert> : null}
      {c.status === "rejected" && c.rejectionReason ? (
        <Alert color="red" title={t("record.rejectedTitle")} data-testid="detail-rejection">
          {c.rejectionReason}
        </Alert>
      ) : null}
      {c.warnings.length ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} title={t("record.duplicateTitle")} data-testid="detail-duplicates">
          {c.warnings.map((w) => (
            <Text key={`${w.machineId}-${w.otherCollectionId}`} size="sm">
              {t("record.duplicate", { machine: w.label })}
            </Text>
          ))}
          {c.duplicateApprovedByName ? (
            <Text size="sm" fw={600} mt={4} data-testid="detail-duplicate-first">
              {t("verify.duplicateFirstApproval", { name: c.duplicateApprovedByName, reason: c.duplicateReason ?? "" })}
            </Text>
          ) : c.duplicateReason ? (
            <Text size="sm" fw={600} mt={4} data-testid="detail-duplicate-reason">
              {t("verify.duplicateVerified", { reason: c.duplicateReason })}
            </Text>
          ) : null}
        </Alert>
      ) : null}
      <ReasonDialog
        opened={askingReason}
        title={t("verify.duplicateTitle")}
        message={t("verify.duplicateMessage", { machines: [...new Set(repeated.map((w) => w.label))].join(", "), date: formatDisplayDate(c.businessDate) })}
        reasonLabel={t("verify.duplicateReason")}
        confirmLabel={t("verify.verifyAnyway")}
        color="green"
        maxLength={500}
        onClose={() => setAskingReason(false)}
        onConfirm={async (duplicateReason) => {
          verified(await verify({ collectionId: c._id, duplicateReason }));
        }}
        failureText={(error) => errorText(error, t("verify.failed"))}
        testId="duplicate-reason-dialog"
      />
      {lowCount ? (
        <Alert color="red" variant="light" icon={<IconArrowDownRight size={18} aria-hidden />} data-testid="detail-low-summary">
          {t("verify.lowSummary", { count: lowCount })}
        </Alert>
      ) : null}

      <CollectionLinesTable lines={c.lines} />

      {c.adjustments.length ? <CollectionAdjustments adjustments={c.adjustments} /> : null}

      {reviewable && own ? (
        <Text size="sm" c="dimmed" data-testid="detail-own">
          {t("verify.ownCollection")}
        </Text>
      ) : null}
      {reviewable && !own ? (
        // Pinned to the bottom of the drawer, so a long collection never hides Verify and Reject.
        <div className={classes.pinnedActions} data-testid="detail-actions">
          {rejecting ? (
            <Stack gap="xs">
              <Textarea label={t("verify.rejectReason")} required autosize minRows={2} maxLength={500} {...rejectForm.getInputProps("reason")} data-autofocus />
              <Group justify="flex-end" gap="xs">
                <Button variant="default" size="md" onClick={() => setRejecting(false)}>
                  {t("common.cancel")}
                </Button>
                <Button
                  color="red"
                  size="md"
                  leftSection={<IconX size={18} aria-hidden />}
                  loading={busy === "reject"}
                  onClick={() => rejectForm.submit(onReject)()}
                >
                  {t("verify.confirmReject")}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group grow gap="xs">
              <Button
                color="red"
                variant="light"
                size="lg"
                leftSection={<IconX size={18} aria-hidden />}
                onClick={() => setRejecting(true)}
                disabled={busy !== null}
              >
                {t("verify.reject")}
              </Button>
              <Button color="green" size="lg" leftSection={<IconCheck size={18} aria-hidden />} loading={busy === "verify"} onClick={() => void onVerify()}>
                {t("verify.verify")}
              </Button>
            </Group>
          )}
        </div>
      ) : null}
      {admin && isAdmin && c.status === "verified" && !c.adjustsCollectionId ? (
        <>
          <Button variant="light" size="md" onClick={() => setAdjusting(true)}>
            {t("adminCollections.adjust")}
          </Button>
          {adjusting ? <AdjustModal collection={c} opened onClose={() => setAdjusting(false)} /> : null}
        </>
      ) : null}
      {(admin && isAdmin) || own ? (
        c.status === "draft" ? (
          <Button color="red" variant="light" size="md" leftSection={<IconTrash size={18} aria-hidden />} onClick={onDelete}>
            {t("adminCollections.delete")}
          </Button>
        ) : null
      ) : null}
    </Stack>
  );
}
