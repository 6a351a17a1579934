// This phone's location for a punch: one fresh, high-accuracy fix from navigator.geolocation, or
// why there is none. (The geo-zone form has the same reader; features do not import each other.)

export interface PhoneFix {
  latitude: number;
  longitude: number;
  /** Metres: the radius of the browser's ~68% confidence circle. */
  accuracy: number;
}

export type LocationFailure = "denied" | "unavailable" | "timeout" | "unsupported";

export class PhoneLocationError extends Error {
  constructor(readonly reason: LocationFailure) {
    super(`Location ${reason}`);
  }
}

/** How long a fix may take before the punch gives up on it. */
const TIMEOUT_MS = 15_000;

export function phoneFix(): Promise<PhoneFix> {
  return new Promise((resolve, reject) => {
    // Geolocation needs a secure context (https or localhost); elsewhere the API is missing or always refuses.
    if (typeof navigator === "undefined" || !("geolocation" in navigator) || !window.isSecureContext) {
      reject(new PhoneLocationError("unsupported"));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude, accuracy: position.coords.accuracy }),
      (error) => reject(new PhoneLocationError(error.code === error.PERMISSION_DENIED ? "denied" : error.code === error.TIMEOUT ? "timeout" : "unavailable")),
      { enableHighAccuracy: true, timeout: TIMEOUT_MS, maximumAge: 0 },
    );
  });
}
