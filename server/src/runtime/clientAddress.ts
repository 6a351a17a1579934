import type { Config } from "../base/config.ts";

/**
 * The caller's address, from the configured trusted proxy header or else the socket peer.
 * Behind a load balancer the peer is the balancer, so limits keyed by address would lump every
 * user together; the header is read only when configured, since anyone can send one.
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  header: (name: string) => string | string[] | undefined,
  config: Pick<Config, "trustedProxy">,
): string {
  const fallback = socketAddress || "unknown";
  const proxy = config.trustedProxy;
  if (!proxy) return fallback;
  const raw = header(proxy.header);
  const value = Array.isArray(raw) ? raw.join(",") : raw;
  if (!value) return fallback;
  const entries = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  // Fewer entries than trusted hops: the request did not come through every proxy.
  const picked = entries[entries.length - proxy.hops];
  return picked && picked.length <= 100 ? picked : fallback;
}
