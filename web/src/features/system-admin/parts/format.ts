import { localTimeZone } from "@tumble/domain/dateFormat";

export { formatBytes } from "@tumble/domain/numberFormat";

/** Seconds as "3d 4h 5m" (or "4h 5m", "5m 6s"). */
export function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  if (d) return `${d}d ${h}h ${m}m`;
  if (h) return `${h}h ${m}m`;
  return `${m}m ${s}s`;
}

export const browserTimeZone = () => localTimeZone();
