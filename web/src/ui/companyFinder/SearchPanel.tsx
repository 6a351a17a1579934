import { Alert, Button, Checkbox, Collapse, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconAdjustmentsHorizontal, IconAlertTriangle, IconBuildingOff, IconSearch } from "@tabler/icons-react";
import { COMPANY_SEARCH_DEBOUNCE_MS, COMPANY_SEARCH_LIMIT, COMPANY_SIZES, canSearchCompanies, isCompanySize } from "@tumble/domain/companyCode";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { errorText } from "../../lib/errorText";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/companyRefusals";
import { useQueryState } from "../../lib/hooks";
import { CompanyCard, type CompanyStanding, type FinderCompany } from "./CompanyCard";

/** Industries offered by the advanced filter; a company's industry is one of these keys. */
const INDUSTRIES = ["laundromat", "dry_cleaning", "wash_and_fold", "vending", "hospitality", "other"] as const;

/** Search by name (at least 3 characters, 300 ms debounce, 20 results) with industry, size and "accepting requests" filters. */
export function SearchPanel({
  query,
  onQueryChange,
  standingOf,
  onSelect,
}: {
  query: string;
  onQueryChange: (query: string) => void;
  standingOf: (company: FinderCompany) => CompanyStanding;
  onSelect: (company: FinderCompany) => void;
}) {
  const { t } = useTranslation("admin");
  const [showFilters, setShowFilters] = useState(false);
  const [industry, setIndustry] = useState<string | null>(null);
  const [size, setSize] = useState<string | null>(null);
  const [openOnly, setOpenOnly] = useState(false);
  const filtersId = useId();

  const text = query.trim();
  const [settled] = useDebouncedValue(text, COMPANY_SEARCH_DEBOUNCE_MS);
  const searchable = canSearchCompanies(settled) && settled === text;
  const results = useQueryState(
    api.companyJoinRequests.searchCompanies,
    searchable
      ? {
          query: settled,
          industry: industry ?? undefined,
          size: isCompanySize(size) ? size : undefined,
          allowJoinRequests: openOnly ? true : undefined,
          limit: COMPANY_SEARCH_LIMIT,
        }
      : "skip",
    // Public: the sign-in card's join mode searches before there is an account.
    { public: true },
  );
  const filterCount = [industry, size, openOnly ? "open" : null].filter(Boolean).length;

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t("finder.search.label")}
          placeholder={t("finder.search.placeholder")}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            canSearchCompanies(text) && (text !== settled || results.isLoading) ? <Loader size="xs" aria-label={t("finder.search.searching")} /> : null
          }
          value={query}
          onChange={(event) => onQueryChange(event.currentTarget.value)}
          maxLength={100}
          autoComplete="off"
          data-testid="company-search-input"
        />
        <Button
          variant={showFilters ? "light" : "default"}
          onClick={() => setShowFilters((v) => !v)}
          aria-expanded={showFilters}
          aria-controls={filtersId}
          aria-label={t("finder.filters.toggle")}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          px="sm"
        >
          <Text span size="sm" visibleFrom="xs">
            {t("finder.filters.toggle")}
          </Text>
          {filterCount > 0 ? (
            <Text span size="sm" ml={4}>
              ({filterCount})
            </Text>
          ) : null}
        </Button>
      </Group>

      <Collapse expanded={showFilters} id={filtersId}>
        <Stack gap="xs" pb={4}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Select
              label={t("finder.filters.industry")}
              placeholder={t("finder.filters.any")}
              clearable
              value={industry}
              onChange={setIndustry}
              data={INDUSTRIES.map((value) => ({ value, label: t(`industries.${value}`) }))}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={t("finder.filters.size")}
              placeholder={t("finder.filters.any")}
              clearable
              value={size}
              onChange={setSize}
              data={COMPANY_SIZES.map((value) => ({ value, label: t(`sizes.${value}`) }))}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <Checkbox label={t("finder.filters.openOnly")} checked={openOnly} onChange={(event) => setOpenOnly(event.currentTarget.checked)} />
        </Stack>
      </Collapse>

      {!canSearchCompanies(text) ? (
        <Text size="sm" c="dimmed" data-testid="company-search-hint">
          {t("finder.search.tooShort")}
        </Text>
      ) : results.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {errorText(results.error, t("finder.search.failed"))}
        </Alert>
      ) : !results.data ? null : results.data.length === 0 ? (
        <Alert color="gray" variant="light" icon={<IconBuildingOff aria-hidden />} title={t("finder.search.noResults")} data-testid="company-search-empty">
          {t("finder.search.noResultsHint")}
        </Alert>
      ) : (
        <Stack gap="xs" role="list" aria-label={t("finder.search.results")} data-testid="company-search-results">
          {results.data.map((company) => (
            <div role="listitem" key={company._id}>
              <CompanyCard company={company} standing={standingOf(company)} onSelect={onSelect} />
            </div>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
