import { Divider, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { api } from "../../../../lib/api";
import { useQuery, useQueryState } from "../../../../lib/hooks";
import { useLaundromatSelection } from "../../../../lib/laundromatSelection";
import { NoStorePrompt } from "../../collections/NoStorePrompt";
import { setupApi } from "./api";
import { ImportSection } from "./ImportSection";
import { BillsSection, ExpensesSection, RevenueSection } from "./LedgerSections";
import { PricesSection } from "./PricesSection";

// The economics screen's setup tab (issue 35): the inputs of a store's P&L and per-machine figures
// besides collections, the ledger, bank lines and payroll — vend prices by equipment type and
// machine with their history, machine facts, revenue beyond the coin boxes (by hand or imported
// from a payment system's CSV), recurring expenses and utility bills. Everyone who reads the
// economics screen sees them; changing them needs canManageStores (as the equipment does).

export function SetupTab({ storeId: given, storeName: givenName }: { storeId?: string; storeName?: string } = {}) {
  const { t } = useTranslation("economicsSetup");
  const { selection } = useLaundromatSelection();
  const storeId = given ?? selection.storeId ?? null;
  const storeName = givenName ?? selection.storeName;
  const role = useQuery(api.auth.getUserCompanyRole);
  const canEdit = Boolean(role?.permissions.canManageStores);
  const prices = useQueryState(setupApi.prices, storeId ? { storeId } : "skip");
  if (!storeId) return <NoStorePrompt />;
  const today = prices.data?.today ?? "";
  const machines = (prices.data?.machines ?? []).map((m) => ({ value: m.id, label: `${m.label} · ${m.typeName}` }));

  return (
    <Stack gap="xl" data-testid="economics-setup" style={{ minWidth: 0 }}>
      <Text size="sm" c="dimmed">
        {canEdit ? t("intro", { store: storeName }) : t("introReadOnly", { store: storeName })}
      </Text>
      <PricesSection storeId={storeId} canEdit={canEdit} />
      {/* The store's today (from the prices) dates the lists and forms below. */}
      {today ? (
        <>
          <Divider />
          <RevenueSection storeId={storeId} canEdit={canEdit} today={today} machines={machines} />
          <ImportSection storeId={storeId} storeName={storeName} canEdit={canEdit} />
          <Divider />
          <ExpensesSection storeId={storeId} canEdit={canEdit} today={today} />
          <Divider />
          <BillsSection storeId={storeId} canEdit={canEdit} today={today} />
        </>
      ) : null}
    </Stack>
  );
}
