import { useCallback, useState } from "react";

// The browser's location (navigator.geolocation), as the zone form's "use this device's location"
// and the phone punch read it: one fresh, high-accuracy fix, or the reason there is none.

export interface DeviceFix {
  latitude: number;
  longitude: number;
  /** Metres: the radius of the browser's ~68% confidence circle. */
  accuracy: number;
}

/** Why no location came: the user (or the browser) refused, none could be found, it took too long, or the browser cannot. */
export type LocationFailure = "denied" | "unavailable" | "timeout" | "unsupported";

export class DeviceLocationError extends Error {
  constructor(readonly reason: LocationFailure) {
    super(`Location ${reason}`);
  }
}

/** How long a fix may take before the attempt gives up. */
export const LOCATION_TIMEOUT_MS = 15_000;

/** One fresh fix from this device; rejects with a DeviceLocationError. */
export function currentFix(): Promise<DeviceFix> {
  return new Promise((resolve, reject) => {
    // Geolocation needs a secure context (https or localhost); elsewhere the API is missing or always refuses.
    if (typeof navigator === "undefined" || !("geolocation" in navigator) || !window.isSecureContext) {
      reject(new DeviceLocationError("unsupported"));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude, accuracy: position.coords.accuracy }),
      (error) => reject(new DeviceLocationError(error.code === error.PERMISSION_DENIED ? "denied" : error.code === error.TIMEOUT ? "timeout" : "unavailable")),
      { enableHighAccuracy: true, timeout: LOCATION_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}

export type LocationState = { status: "idle" } | { status: "locating" } | { status: "found"; fix: DeviceFix } | { status: "failed"; reason: LocationFailure };

/** The last attempt's state and a function that makes a new one (resolving to the fix, or null). */
export function useDeviceLocation() {
  const [state, setState] = useState<LocationState>({ status: "idle" });
  const locate = useCallback(async (): Promise<DeviceFix | null> => {
    setState({ status: "locating" });
    try {
      const fix = await currentFix();
      setState({ status: "found", fix });
      return fix;
    } catch (error) {
      const reason = error instanceof DeviceLocationError ? error.reason : "unavailable";
      setState({ status: "failed", reason });
      return null;
    }
  }, []);
  const reset = useCallback(() => setState({ status: "idle" }), []);
  return { state, locate, reset };
}
