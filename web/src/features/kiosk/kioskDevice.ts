// What makes this browser a kiosk: the credential a manager registered it with, and the kiosk's
// store, kept in this browser's storage (docs/decisions/0029). Signing out of the staff app does
// not touch it; "forget" (or a revocation the server reports) does.

const STORAGE_KEY = "tumble.kiosk";

export interface KioskDevice {
  kioskToken: string;
  kioskId: string;
  name: string;
  storeName: string;
  /** The store's time zone, for the clock and confirmations (the device's own until known). */
  timeZone: string;
}

export function readKioskDevice(): KioskDevice | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<KioskDevice>;
    return typeof value.kioskToken === "string" && typeof value.kioskId === "string"
      ? { kioskToken: value.kioskToken, kioskId: value.kioskId, name: value.name ?? "", storeName: value.storeName ?? "", timeZone: value.timeZone ?? "" }
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
