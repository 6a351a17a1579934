import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import { useMediaQuery } from "@mantine/hooks";
import { densityFor, SCALE_TABLE, type Density, type DisplayScale } from "@tumble/domain/display";
import { DEFAULT_PREFERENCES, withDefaults, type LayoutPreferences } from "@tumble/domain/preferences";
import { api } from "./api";
import { authStore, useAuthSnapshot } from "./auth";
import { runMutation, runQuery } from "./client";

// Spec sections 3 and 4 "Layout preferences" / "Preferences": a change applies at once, is saved
// in local storage and reaches the server after a 1000 ms debounce. Load, save and sync failures
// are only logged (console.warn): the interface keeps working on what it has.

export const PREFERENCES_STORAGE_KEY = "tumble.layoutPreferences";
export const PREFERENCES_SYNC_DEBOUNCE_MS = 1000;

type Listener = () => void;

function readStored(): LayoutPreferences {
  try {
    const raw = window.localStorage.getItem(PREFERENCES_STORAGE_KEY);
    return withDefaults(raw ? (JSON.parse(raw) as unknown) : null);
  } catch (error) {
    console.warn("Reading stored layout preferences failed", error);
    return { ...DEFAULT_PREFERENCES };
  }
}

function writeStored(prefs: LayoutPreferences): void {
  try {
    window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(prefs));
  } catch (error) {
    console.warn("Saving layout preferences locally failed", error);
  }
}

/** Root font size and the icon factor follow the display scales. */
function applyToDocument(prefs: LayoutPreferences): void {
  const root = document.documentElement;
  root.style.fontSize = `${SCALE_TABLE[prefs.fontScale].factor * 100}%`;
  root.style.setProperty("--tumble-icon-scale", String(SCALE_TABLE[prefs.iconScale].factor));
  root.dataset.density = prefs.layoutDensity;
}

class PreferencesStore {
  private prefs: LayoutPreferences = readStored();
  private listeners = new Set<Listener>();
  private pending: Partial<LayoutPreferences> = {};
  private timer: ReturnType<typeof setTimeout> | null = null;
  private loadedFor: string | null = null;

  constructor() {
    applyToDocument(this.prefs);
    window.addEventListener("storage", (event) => {
      if (event.storageArea !== window.localStorage || event.key !== PREFERENCES_STORAGE_KEY) return;
      this.replace(readStored());
    });
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): LayoutPreferences => this.prefs;

  private replace(next: LayoutPreferences): void {
    this.prefs = next;
    applyToDocument(next);
    for (const listener of this.listeners) listener();
  }

  /** Applies and stores the change now; the server hears of it after the debounce. */
  update(change: Partial<LayoutPreferences>): void {
    const next = withDefaults({ ...this.prefs, ...change });
    writeStored(next);
    this.replace(next);
    if (authStore.getToken() === null) return;
    this.pending = { ...this.pending, ...change };
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), PREFERENCES_SYNC_DEBOUNCE_MS);
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const change = this.pending;
    this.pending = {};
    if (Object.keys(change).length === 0 || authStore.getToken() === null) return;
    try {
      await runMutation(api.userPreferences.updateUserPreferences, { preferences: change });
    } catch (error) {
      console.warn("Syncing layout preferences failed", error);
    }
  }

  async reset(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = {};
    writeStored(DEFAULT_PREFERENCES);
    this.replace({ ...DEFAULT_PREFERENCES });
    if (authStore.getToken() === null) return;
    try {
      await runMutation(api.userPreferences.resetUserPreferences);
    } catch (error) {
      console.warn("Resetting layout preferences on the server failed", error);
    }
  }

  /** Once per signed-in identity: the saved preferences replace the local ones (unsent changes win). */
  async loadFromServer(identity: string): Promise<void> {
    if (this.loadedFor === identity) return;
    this.loadedFor = identity;
    try {
      const saved = await runQuery(api.userPreferences.getUserPreferences);
      const merged = withDefaults({ ...saved, ...this.pending });
      writeStored(merged);
      this.replace(merged);
    } catch (error) {
      this.loadedFor = null;
      console.warn("Loading layout preferences failed", error);
    }
  }

  forget(): void {
    this.loadedFor = null;
  }
}

export const preferencesStore = new PreferencesStore();

export function usePreferences(): LayoutPreferences {
  return useSyncExternalStore(preferencesStore.subscribe, preferencesStore.get);
}

export function updatePreferences(change: Partial<LayoutPreferences>): void {
  preferencesStore.update(change);
}

export function resetPreferences(): Promise<void> {
  return preferencesStore.reset();
}

/** Loads the saved preferences once the user is signed in (mounted by the shell). */
export function usePreferencesSync(): void {
  const { token } = useAuthSnapshot();
  const identity = useMemo(() => identityOf(token), [token]);
  useEffect(() => {
    if (identity) void preferencesStore.loadFromServer(identity);
    else preferencesStore.forget();
  }, [identity]);
  useEffect(() => {
    const flush = () => void preferencesStore.flush();
    window.addEventListener("pagehide", flush);
    return () => window.removeEventListener("pagehide", flush);
  }, []);
}

function identityOf(token: string | null): string | null {
  if (!token) return null;
  try {
    const payload = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { sub?: string };
    return payload.sub ?? token;
  } catch {
    return token;
  }
}

/** Font and icon scales; with `scalesLinked` a change of either moves both. */
export function setScale(which: "font" | "icon", scale: DisplayScale): void {
  const prefs = preferencesStore.get();
  if (prefs.scalesLinked) updatePreferences({ fontScale: scale, iconScale: scale });
  else updatePreferences(which === "font" ? { fontScale: scale } : { iconScale: scale });
}

/** An icon size in px multiplied by the user's icon scale. */
export function useIconSize(): (base: number) => number {
  const { iconScale } = usePreferences();
  const factor = SCALE_TABLE[iconScale].factor;
  return useCallback((base: number) => Math.round(base * factor), [factor]);
}

/** Column visibility of one table: every column is visible unless the user hid it. */
export function useColumnVisibility(table: string): {
  isVisible: (column: string) => boolean;
  setVisible: (column: string, visible: boolean) => void;
  toggle: (column: string) => void;
  hidden: string[];
} {
  const { columnVisibility } = usePreferences();
  const columns = columnVisibility[table];
  const isVisible = useCallback((column: string) => columns?.[column] ?? true, [columns]);
  const setVisible = useCallback(
    (column: string, visible: boolean) => {
      const all = preferencesStore.get().columnVisibility;
      updatePreferences({ columnVisibility: { ...all, [table]: { ...all[table], [column]: visible } } });
    },
    [table],
  );
  const toggle = useCallback((column: string) => setVisible(column, !(preferencesStore.get().columnVisibility[table]?.[column] ?? true)), [setVisible, table]);
  const hidden = useMemo(
    () =>
      Object.entries(columns ?? {})
        .filter(([, v]) => !v)
        .map(([k]) => k),
    [columns],
  );
  return { isVisible, setVisible, toggle, hidden };
}

const DENSITY_ORDER: Density[] = ["minimal", "compact", "comfortable"];

/**
 * The density to lay out with: the user's choice, tightened by the device and connection rules
 * (mobile compact, slow connection minimal, moderate compact).
 */
export function useDensity(): Density {
  const { layoutDensity } = usePreferences();
  const isMobile = useMediaQuery("(max-width: 767px)") ?? false;
  const downlink = (navigator as Navigator & { connection?: { downlink?: number } }).connection?.downlink;
  const automatic = densityFor({ isMobile, downlink });
  return DENSITY_ORDER[Math.min(DENSITY_ORDER.indexOf(layoutDensity), DENSITY_ORDER.indexOf(automatic))]!;
}
