// The kiosk as an installable app that opens without a network: a web app manifest scoped to
// /kiosk, and a service worker (web/public/kiosk-sw.js) that keeps the kiosk page, its scripts,
// styles and translations. Files the page loaded before the worker took over are put in its cache
// from here, so the very first visit is enough to work offline afterwards.

export const KIOSK_CACHE = "tumble-kiosk-v1";
const KIOSK_PATH_SCOPE = "/kiosk";

function addManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = "/kiosk.webmanifest";
  document.head.appendChild(link);
}

/** Same-origin files this page has loaded that the kiosk needs again offline. */
function loadedFiles(): string[] {
  const urls = new Set<string>(["/kiosk", "/kiosk.webmanifest", "/favicon.svg"]);
  for (const entry of performance.getEntriesByType("resource")) {
    const url = new URL(entry.name, window.location.href);
    if (url.origin !== window.location.origin) continue;
    if (/^\/(assets|locales)\//.test(url.pathname)) urls.add(url.pathname);
  }
  return [...urls];
}

/** Caches what the page has loaded so far (again after translations load). */
export async function cacheKioskShell(): Promise<void> {
  if (!("caches" in window)) return;
  try {
    const cache = await caches.open(KIOSK_CACHE);
    await Promise.all(loadedFiles().map((url) => cache.add(url).catch(() => undefined)));
  } catch {
    // Storage refused (private mode, quota): the kiosk still works online.
  }
}

export function installKioskShell(): void {
  addManifest();
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker
    .register("/kiosk-sw.js", { scope: KIOSK_PATH_SCOPE })
    .then(() => cacheKioskShell())
    .catch(() => undefined);
}

/** Undoes installKioskShell when the browser leaves kiosk mode: no worker, no cached kiosk. */
export async function removeKioskShell(): Promise<void> {
  try {
    if ("serviceWorker" in navigator) await (await navigator.serviceWorker.getRegistration(KIOSK_PATH_SCOPE))?.unregister();
    if ("caches" in window) await caches.delete(KIOSK_CACHE);
  } catch {
    // Nothing to undo, or storage refused: the page works without either.
  }
}
