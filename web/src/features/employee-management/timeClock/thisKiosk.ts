// A new kiosk credential reaches the kiosk page (features/kiosk) in the URL fragment, which is never
// sent to the server; the page moves it into this browser's storage, and from then on the browser
// shows nothing but the kiosk (docs/decisions/0029). Features do not import each other, so the
// kiosk's path is named here too.

export const KIOSK_PATH = "/kiosk";

export function kioskHandoffUrl(kiosk: { kioskToken: string; kioskId: string; name: string; storeName: string }): string {
  const params = new URLSearchParams({ kioskToken: kiosk.kioskToken, kioskId: kiosk.kioskId, name: kiosk.name, store: kiosk.storeName });
  return `${KIOSK_PATH}#${params.toString()}`;
}
