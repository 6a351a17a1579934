// What makes this browser a kiosk: the credential a manager registered it with, and the kiosk's
// store, kept in this browser's storage (docs/decisions/0029). While it is kept, every path of
// the staff app shows the kiosk instead (App.tsx, main.tsx; index.html hides the prerendered
// sign-in screen): only a manager's e-mail and password take the browser out of kiosk mode. A
// revoked or expired kiosk stays a kiosk, saying so, until a manager does.

const STORAGE_KEY = "tumble.kiosk";

/** Why the server refuses this kiosk now; it then shows only that, and the way out. */
export type KioskEnded = "revoked" | "expired";

export interface KioskDevice {
  kioskToken: string;
  kioskId: string;
  name: string;
  storeName: string;
  /** The store's time zone, for the clock and confirmations (the device's own until known). */
  timeZone: string;
  ended?: KioskEnded;
}

export function readKioskDevice(): KioskDevice | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<KioskDevice>;
    return typeof value.kioskToken === "string" && typeof value.kioskId === "string"
      ? {
          kioskToken: value.kioskToken,
          kioskId: value.kioskId,
          name: value.name ?? "",
          storeName: value.storeName ?? "",
          timeZone: value.timeZone ?? "",
          ...(value.ended === "revoked" || value.ended === "expired" ? { ended: value.ended } : {}),
        }
      : null;
  } catch {
    return null;
  }
}

export function saveKioskDevice(device: KioskDevice): void {
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(device));
}

export function forgetKioskDevice(): void {
  window.localStorage.removeItem(STORAGE_KEY);
}

/** Where the kiosk page lives (outside the staff shell). */
export const KIOSK_PATH = "/kiosk";

export function onKioskPath(): boolean {
  return /^\/kiosk(\/|$)/.test(window.location.pathname);
}

/**
 * On a browser that is a kiosk, any other path becomes the kiosk's (without a reload); true when
 * this page is the kiosk page.
 */
export function enterKioskPage(): boolean {
  if (onKioskPath()) return true;
  if (!readKioskDevice()) return false;
  window.history.replaceState(null, "", KIOSK_PATH);
  return true;
}

/** Calls `onChange` when another tab of this browser makes it a kiosk or takes it out of kiosk mode. */
export function watchKioskDevice(onChange: (isKiosk: boolean) => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) onChange(readKioskDevice() !== null);
  };
  window.addEventListener("storage", listener);
  return () => window.removeEventListener("storage", listener);
}
