// The hook point for entering the laundromat tab. Spec section 2: switching to the laundromat tab
// opens the store-and-date selection dialog, and the tab is entered only if stored defaults exist
// and a store is selected. The dialog registers its guard here; until one is registered the tab
// is entered directly.

/** Resolves true to enter the laundromat tab, false to stay where the user is. */
export type LaundromatEntryGuard = () => boolean | Promise<boolean>;

let guard: LaundromatEntryGuard | null = null;

/** Registers the guard run each time the user switches to the laundromat tab; returns an unregister function. */
export function setLaundromatEntryGuard(next: LaundromatEntryGuard): () => void {
  guard = next;
  return () => {
    if (guard === next) guard = null;
  };
}

/** Called by the navigation when the user switches to the laundromat tab from another area. */
export async function onEnterLaundromat(): Promise<boolean> {
  if (!guard) return true;
  try {
    return await guard();
  } catch (error) {
    console.warn("The laundromat entry check failed", error);
    return false;
  }
}
