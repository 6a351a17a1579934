// Every app path is served by the one splat route; typed navigation names it by its splat.
export function pathTarget(path: string) {
  return { to: "/$" as const, params: { _splat: path.replace(/^\/+/, "") } };
}
