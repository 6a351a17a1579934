import { Alert, Box, Button, Card, Group, SegmentedControl, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconBuildingStore, IconCircleCheck, IconHash, IconInfoCircle, IconSearch, IconSparkles } from "@tabler/icons-react";
import { DOMAIN_SUGGESTION_LIMIT } from "@tumble/domain/companyCode";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { errorText } from "../../lib/errorText";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/companyRefusals";
import { useMutation, useQuery, useQueryState } from "../../lib/hooks";
import { notifyError, notifySuccess } from "../../lib/notify";
import { CodePanel } from "./CodePanel";
import { CompanyCard, type CompanyStanding, type FinderCompany } from "./CompanyCard";
import { SearchPanel } from "./SearchPanel";

type Mode = "search" | "code";

/**
 * Find a company and ask to join it (spec section 2 "Company finder"): search by name with
 * filters, or enter the company code; up to three suggestions from the e-mail domain. Companies
 * that do not take join requests show as Closed and cannot be selected.
 */
export function CompanyFinder({
  onJoined,
  requestForm,
  embedded = false,
}: {
  onJoined?: () => void;
  /** Signed out (the sign-in card's join mode): what asks to join the chosen company instead of the request form. */
  requestForm?: (company: FinderCompany) => ReactNode;
  /** Inside another card, which already has the title: no card or heading of its own. */
  embedded?: boolean;
}) {
  const { t } = useTranslation("admin");
  const [mode, setMode] = useState<Mode>("search");
  const [query, setQuery] = useState("");
  const [code, setCode] = useState("");
  const [selected, setSelected] = useState<FinderCompany | null>(null);

  const memberships = useQueryState(api.companies.getUserCompanyMemberships);
  const requests = useQueryState(api.companyJoinRequests.getUserPendingRequests);
  const suggestions = useQueryState(api.companyJoinRequests.getEligibleCompaniesByDomain);

  const standingOf = (company: FinderCompany): CompanyStanding => {
    if (memberships.data?.some((m) => m.companyId === company._id)) return "member";
    if (requests.data?.some((r) => r.companyId === company._id && r.status === "PENDING")) return "pending";
    return company.allowJoinRequests ? "open" : "closed";
  };
  const select = (company: FinderCompany) => {
    if (standingOf(company) === "open") setSelected(company);
  };
  const suggested = (suggestions.data ?? []).slice(0, DOMAIN_SUGGESTION_LIMIT);

  const body = (
    <Stack gap="md" data-testid={embedded ? "company-finder" : undefined}>
      {embedded ? null : (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconBuildingStore size={24} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <div>
            <Title order={2} size="h4">
              {t("finder.title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("finder.subtitle")}
            </Text>
          </div>
        </Group>
      )}

      {selected ? (
        requestForm ? (
          <Stack gap="sm" data-testid="selected-company">
            <CompanyCard
              company={selected}
              standing="open"
              action={
                <Button size="xs" variant="default" onClick={() => setSelected(null)}>
                  {t("finder.change")}
                </Button>
              }
            />
            {requestForm(selected)}
          </Stack>
        ) : (
          <SelectedCompany
            company={selected}
            onChange={() => setSelected(null)}
            onDone={() => {
              setSelected(null);
              setCode("");
              onJoined?.();
            }}
          />
        )
      ) : (
        <>
          {suggested.length > 0 ? (
            <Stack gap="xs" data-testid="company-suggestions">
              <Group gap={6}>
                <IconSparkles size={16} aria-hidden />
                <Text size="sm" fw={600}>
                  {t("finder.suggestions")}
                </Text>
              </Group>
              {suggested.map((company) => (
                <CompanyCard key={company._id} company={company} standing={standingOf(company)} onSelect={select} />
              ))}
            </Stack>
          ) : null}

          <SegmentedControl
            fullWidth
            styles={{ label: { whiteSpace: "normal", lineHeight: 1.25 } }}
            value={mode}
            onChange={(value) => setMode(value as Mode)}
            aria-label={t("finder.modeLabel")}
            data={[
              { value: "search", label: <ModeLabel icon={<IconSearch size={16} aria-hidden />} text={t("finder.modes.search")} /> },
              { value: "code", label: <ModeLabel icon={<IconHash size={16} aria-hidden />} text={t("finder.modes.code")} /> },
            ]}
          />

          {mode === "search" ? (
            <SearchPanel query={query} onQueryChange={setQuery} standingOf={standingOf} onSelect={select} />
          ) : (
            <CodePanel code={code} onCodeChange={setCode} standingOf={standingOf} onSelect={select} />
          )}
        </>
      )}
    </Stack>
  );
  if (embedded) return body;
  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs" data-testid="company-finder">
      {body}
    </Card>
  );
}

function ModeLabel({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Group gap={6} justify="center" wrap="nowrap">
      <Box visibleFrom="xs" display="flex">
        {icon}
      </Box>
      <span>{text}</span>
    </Group>
  );
}

/** The chosen company with a Change button, an optional note and the request. */
function SelectedCompany({ company, onChange, onDone }: { company: FinderCompany; onChange: () => void; onDone: () => void }) {
  const { t } = useTranslation("admin");
  const requestToJoin = useMutation(api.companyJoinRequests.requestToJoin);
  const [message, setMessage] = useState("");
  const [sending, setSending] = useState(false);
  const name = company.displayName || company.name;
  // The signed-in user: needed to say why a guest cannot send a request.
  const user = useQuery(api.auth.loggedInUser);

  const send = async () => {
    setSending(true);
    try {
      const result = await requestToJoin({ companyId: company._id, message: message.trim() || undefined });
      notifySuccess(result.status === "APPROVED" ? t("finder.joined", { name }) : t("finder.requestSent", { name }));
      onDone();
    } catch (error) {
      notifyError(errorText(error, t("finder.requestFailed")));
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="selected-company">
      <Text size="sm" fw={600}>
        {t("finder.selected")}
      </Text>
      <CompanyCard
        company={company}
        standing="open"
        action={
          <Button size="xs" variant="default" onClick={onChange} disabled={sending}>
            {t("finder.change")}
          </Button>
        }
      />
      <Textarea
        label={t("finder.message")}
        placeholder={t("finder.messagePlaceholder")}
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        maxLength={500}
        autosize
        minRows={2}
        maxRows={5}
      />
      <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} p="xs">
        <Text size="sm">{company.requireApproval ? t("finder.needsApproval") : t("finder.joinsAtOnce")}</Text>
      </Alert>
      {user?.isAnonymous ? (
        <Alert variant="light" color="yellow" p="xs">
          <Text size="sm">{t("finder.guest")}</Text>
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button leftSection={<IconCircleCheck size={18} aria-hidden />} onClick={() => void send()} loading={sending} disabled={user?.isAnonymous === true}>
          {t("finder.requestToJoin")}
        </Button>
      </Group>
    </Stack>
  );
}
