import { useEffect, useId, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { useQueryState } from "../../lib/hooks";
import { laundromatSelectionStore, type LaundromatSelection } from "../../lib/laundromatSelection";
import { notifySuccess } from "../../lib/notify";
import { formatDisplayDate } from "./format";
import { LaundromatSelectionDialog } from "./LaundromatSelectionDialog";

// The one place the selection dialog is rendered. The app shell mounts it once; a screen may mount
// it too (so it works on its own), and only the first mounted host renders the dialog.
export function LaundromatSelectionHost() {
  const id = useId();
  useEffect(() => laundromatSelectionStore.registerHost(id), [id]);
  const active = useSyncExternalStore(laundromatSelectionStore.subscribeHosts, laundromatSelectionStore.activeHost, laundromatSelectionStore.activeHost) === id;
  return active ? <ActiveHost /> : null;
}

function ActiveHost() {
  const { t } = useTranslation("collections");
  const state = useSyncExternalStore(laundromatSelectionStore.subscribe, laundromatSelectionStore.getState, laundromatSelectionStore.getState);
  const role = useQueryState(api.auth.getUserCompanyRole);
  const inCompany = Boolean(role.data?.companyId);
  const stores = useQueryState(api.stores.listAll, inCompany ? {} : "skip");

  // A stored store that is not one of the company's stores (deleted, or another company's) is dropped.
  const companyStores = stores.data;
  useEffect(() => {
    if (companyStores) laundromatSelectionStore.dropUnknownStore(companyStores.map((s) => s._id));
  }, [companyStores]);

  const apply = (selection: Omit<LaundromatSelection, "lastUpdated">) => {
    const saved = laundromatSelectionStore.applyFromDialog(selection);
    notifySuccess(
      t("selection.applied", {
        store: saved.storeName,
        from: formatDisplayDate(saved.dateRange.fromDate),
        to: formatDisplayDate(saved.dateRange.toDate),
      }),
    );
  };

  const cancel = () => laundromatSelectionStore.closeDialog();

  const clear = () => {
    laundromatSelectionStore.clear();
    notifySuccess(t("selection.cleared"));
  };

  return (
    <LaundromatSelectionDialog
      opened={state.isDialogOpen}
      stored={state.stored}
      stores={inCompany ? stores.data : role.data ? [] : undefined}
      onApply={apply}
      onClear={clear}
      onCancel={cancel}
    />
  );
}
