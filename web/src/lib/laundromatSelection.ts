import { useCallback, useSyncExternalStore } from "react";
import { defaultDateRange, isIsoDate, type DateRange } from "@tumble/domain/datePresets";

// The laundromat selection (spec sections 3 and 9): the store and date range every laundromat
// report uses. It lives in this browser's local storage, shared by the app's tabs; the selection
// dialog's open state is held here too, so any screen can ask for the dialog and the one mounted
// host (ui/laundromatSelection/LaundromatSelectionHost) shows it.

/** The whole selection, as JSON. */
export const SELECTION_STORAGE_KEY = "tumble.laundromatSelection";
/** The selected store's id on its own, for code that needs only the store. */
export const SELECTED_STORE_ID_KEY = "selectedStoreId";

export interface LaundromatSelection {
  storeId: string | null;
  storeName: string;
  dateRange: DateRange;
  /** Epoch ms of the last apply; null for the default selection. */
  lastUpdated: number | null;
}

export interface OpenDialogOptions {
  /** Called after the user applies a selection (e.g. to enter the laundromat tab). */
  onApply?: (selection: LaundromatSelection) => void;
  /** Called when the dialog closes without applying. */
  onCancel?: () => void;
}

/** Today's business date in this browser, yyyy-MM-dd. */
export function localToday(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, "0");
  const d = String(now.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

export function defaultSelection(today: string = localToday()): LaundromatSelection {
  return { storeId: null, storeName: "", dateRange: defaultDateRange(today), lastUpdated: null };
}

// ---- Reading and validating what is stored ----

const DATE_RANGE_STRINGS = ["fromDate", "toDate", "fromTime", "toTime", "compareFromDate", "compareToDate", "compareFromTime", "compareToTime"] as const;
const TIME = /^$|^\d{2}:\d{2}(:\d{2})?$/;

function isDateOrEmpty(value: string): boolean {
  return value === "" || isIsoDate(value);
}

/** The stored value as a selection, or null when it is not one (bad JSON, unknown shape). */
export function parseStoredSelection(raw: string | null): LaundromatSelection | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (v.storeId !== null && typeof v.storeId !== "string") return null;
  if (typeof v.storeName !== "string") return null;
  if (v.lastUpdated !== null && (typeof v.lastUpdated !== "number" || !Number.isFinite(v.lastUpdated))) return null;
  const r = v.dateRange as Record<string, unknown> | null | undefined;
  if (!r || typeof r !== "object") return null;
  for (const key of DATE_RANGE_STRINGS) if (typeof r[key] !== "string") return null;
  if (typeof r.enableComparison !== "boolean" || typeof r.includeTime !== "boolean") return null;
  const range = r as unknown as DateRange;
  if (!isIsoDate(range.fromDate) || !isIsoDate(range.toDate) || range.fromDate > range.toDate) return null;
  if (!isDateOrEmpty(range.compareFromDate) || !isDateOrEmpty(range.compareToDate)) return null;
  if (![range.fromTime, range.toTime, range.compareFromTime, range.compareToTime].every((t) => TIME.test(t))) return null;
  const dateRange: DateRange = {
    fromDate: range.fromDate,
    toDate: range.toDate,
    fromTime: range.fromTime,
    toTime: range.toTime,
    compareFromDate: range.compareFromDate,
    compareToDate: range.compareToDate,
    compareFromTime: range.compareFromTime,
    compareToTime: range.compareToTime,
    enableComparison: range.enableComparison,
    includeTime: range.includeTime,
  };
  return {
    storeId: v.storeId === "" ? null : (v.storeId as string | null),
    storeName: v.storeName,
    dateRange,
    lastUpdated: (v.lastUpdated as number | null) ?? null,
  };
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function removeStored(): void {
  const s = storage();
  s?.removeItem(SELECTION_STORAGE_KEY);
  s?.removeItem(SELECTED_STORE_ID_KEY);
}

/** Reads the stored selection; a corrupted value is removed. */
function readStored(): LaundromatSelection | null {
  const s = storage();
  if (!s) return null;
  const raw = s.getItem(SELECTION_STORAGE_KEY);
  const parsed = parseStoredSelection(raw);
  if (raw !== null && parsed === null) removeStored();
  if (parsed === null) {
    // A lone store id without a selection is a leftover: drop it.
    if (s.getItem(SELECTED_STORE_ID_KEY) !== null) s.removeItem(SELECTED_STORE_ID_KEY);
    return null;
  }
  if (s.getItem(SELECTED_STORE_ID_KEY) !== (parsed.storeId ?? null)) {
    if (parsed.storeId) s.setItem(SELECTED_STORE_ID_KEY, parsed.storeId);
    else s.removeItem(SELECTED_STORE_ID_KEY);
  }
  return parsed;
}

// ---- The store ----

interface State {
  /** What is stored, or null when nothing (valid) is. */
  stored: LaundromatSelection | null;
  /** The value hooks hand out: the stored selection or the default. */
  selection: LaundromatSelection;
  isDialogOpen: boolean;
  dialogOptions: OpenDialogOptions;
}

function stateFrom(stored: LaundromatSelection | null, previous?: State): State {
  return {
    stored,
    selection: stored ?? defaultSelection(),
    isDialogOpen: previous?.isDialogOpen ?? false,
    dialogOptions: previous?.dialogOptions ?? {},
  };
}

let state: State | null = null;
const listeners = new Set<() => void>();
let hosts: string[] = [];
const hostListeners = new Set<() => void>();

function emitHosts() {
  for (const listener of hostListeners) listener();
}

function current(): State {
  if (state === null) state = stateFrom(readStored());
  return state;
}

function emit(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== "undefined") window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== "undefined") window.removeEventListener("storage", onStorage);
  };
}

/** Another tab changed the selection: take it over. */
function onStorage(event: StorageEvent) {
  if (event.key !== null && event.key !== SELECTION_STORAGE_KEY && event.key !== SELECTED_STORE_ID_KEY) return;
  emit(stateFrom(readStored(), current()));
}

export const laundromatSelectionStore = {
  getState: current,
  subscribe,

  /** Saves a selection (stamped now) and makes it the current one. */
  save(selection: Omit<LaundromatSelection, "lastUpdated"> & { lastUpdated?: number | null }): LaundromatSelection {
    const saved: LaundromatSelection = { ...selection, lastUpdated: Date.now() };
    const s = storage();
    s?.setItem(SELECTION_STORAGE_KEY, JSON.stringify(saved));
    if (saved.storeId) s?.setItem(SELECTED_STORE_ID_KEY, saved.storeId);
    else s?.removeItem(SELECTED_STORE_ID_KEY);
    emit(stateFrom(saved, current()));
    return saved;
  },

  /** Forgets the stored selection: the store is unset and the range goes back to today. */
  clear(): void {
    removeStored();
    emit(stateFrom(null, current()));
  },

  /**
   * Drops a stored store that is not among `storeIds` (the company's stores), with the rest of the
   * stored selection, since its range was chosen for that store.
   */
  dropUnknownStore(storeIds: readonly string[]): boolean {
    const stored = current().stored;
    if (!stored?.storeId || storeIds.includes(stored.storeId)) return false;
    removeStored();
    emit(stateFrom(null, current()));
    return true;
  },

  /** Opens the dialog; a dialog already open for another caller counts as cancelled for it. */
  openDialog(options: OpenDialogOptions = {}): void {
    const before = current();
    emit({ ...before, isDialogOpen: true, dialogOptions: options });
    if (before.isDialogOpen) before.dialogOptions.onCancel?.();
  },

  /** Closes the dialog without applying (Cancel, Escape, the close button). */
  closeDialog(): void {
    const before = current();
    if (!before.isDialogOpen) return;
    emit({ ...before, isDialogOpen: false, dialogOptions: {} });
    before.dialogOptions.onCancel?.();
  },

  /** Saves the dialog's selection, closes it and tells whoever opened it. */
  applyFromDialog(selection: Omit<LaundromatSelection, "lastUpdated">): LaundromatSelection {
    const { onApply } = current().dialogOptions;
    const saved = laundromatSelectionStore.save(selection);
    emit({ ...current(), isDialogOpen: false, dialogOptions: {} });
    onApply?.(saved);
    return saved;
  },

  // The mounted dialog hosts: only the first renders the dialog.
  registerHost(id: string): () => void {
    hosts = [...hosts, id];
    emitHosts();
    return () => {
      hosts = hosts.filter((h) => h !== id);
      emitHosts();
    };
  },
  subscribeHosts(listener: () => void): () => void {
    hostListeners.add(listener);
    return () => hostListeners.delete(listener);
  },
  activeHost(): string | null {
    return hosts[0] ?? null;
  },

  /** True when a selection with a store is stored: the laundromat tab may be entered. */
  hasStoreSelected(): boolean {
    return Boolean(current().stored?.storeId);
  },

  /** Forgets the in-memory copy (tests); the next read comes from storage again. */
  reset(): void {
    state = null;
  },
};

/**
 * For the app shell's laundromat-tab guard: opens the selection dialog and resolves whether the tab
 * may be entered — true once a selection is applied, or on cancel when a store is already stored.
 * Without a mounted dialog host it resolves at once from what is stored.
 */
export function requestLaundromatEntry(): Promise<boolean> {
  if (laundromatSelectionStore.activeHost() === null) return Promise.resolve(laundromatSelectionStore.hasStoreSelected());
  return new Promise((resolve) => {
    laundromatSelectionStore.openDialog({
      onApply: () => resolve(true),
      onCancel: () => resolve(laundromatSelectionStore.hasStoreSelected()),
    });
  });
}

export interface UseLaundromatSelection {
  selection: LaundromatSelection;
  /** True when a selection is stored (the dialog then offers Clear). */
  hasStoredSelection: boolean;
  setSelection: (selection: Omit<LaundromatSelection, "lastUpdated">) => LaundromatSelection;
  clear: () => void;
  isDialogOpen: boolean;
  openDialog: (options?: OpenDialogOptions) => void;
  closeDialog: () => void;
}

/** The laundromat selection and the selection dialog's open state, live across the app and tabs. */
export function useLaundromatSelection(): UseLaundromatSelection {
  const snapshot = useSyncExternalStore(subscribe, current, current);
  const setSelection = useCallback((selection: Omit<LaundromatSelection, "lastUpdated">) => laundromatSelectionStore.save(selection), []);
  const clear = useCallback(() => laundromatSelectionStore.clear(), []);
  const openDialog = useCallback((options?: OpenDialogOptions) => laundromatSelectionStore.openDialog(options), []);
  const closeDialog = useCallback(() => laundromatSelectionStore.closeDialog(), []);
  return {
    selection: snapshot.selection,
    hasStoredSelection: snapshot.stored !== null,
    setSelection,
    clear,
    isDialogOpen: snapshot.isDialogOpen,
    openDialog,
    closeDialog,
  };
}
