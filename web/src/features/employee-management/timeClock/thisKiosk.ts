// Whether this browser is a store's kiosk, as the kiosk page (features/kiosk/kioskDevice.ts) keeps
// it in this browser's storage under the same key; features do not import each other, so the key
// is named in both places. A new credential reaches the kiosk page in the URL fragment, which is
// never sent to the server, and the page moves it into its storage.

const STORAGE_KEY = "tumble.kiosk";
export const KIOSK_PATH = "/kiosk";

export function thisKiosk(): { name: string; storeName: string } | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "null") as { kioskToken?: unknown; name?: string; storeName?: string } | null;
    return value && typeof value.kioskToken === "string" ? { name: value.name ?? "", storeName: value.storeName ?? "" } : null;
  } catch {
    return null;
  }
}

export function forgetThisKiosk(): void {
  window.localStorage.removeItem(STORAGE_KEY);
}

export function kioskHandoffUrl(kiosk: { kioskToken: string; kioskId: string; name: string; storeName: string }): string {
  const params = new URLSearchParams({ kioskToken: kiosk.kioskToken, kioskId: kiosk.kioskId, name: kiosk.name, store: kiosk.storeName });
  return `${KIOSK_PATH}#${params.toString()}`;
}
