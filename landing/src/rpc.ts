import { DEFAULT_ERROR_MESSAGE } from "@tumble/domain/errorMessage";

// The landing page calls only public functions, over plain HTTP (spec section 7 transport).

interface Prefetched {
  path: string;
  args: unknown;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __campaignRequest?: Prefetched;
  }
}

/** The campaign query index.html started early, if it is this one (used once). */
function takePrefetched(path: string, args: unknown): Promise<Response> | null {
  const early = window.__campaignRequest;
  if (!early || early.path !== path || JSON.stringify(early.args) !== JSON.stringify(args)) return null;
  window.__campaignRequest = undefined;
  return early.response;
}

export async function callPublic<T>(kind: "query" | "mutation" | "action", path: string, args: unknown): Promise<T> {
  const response = await ((kind === "query" ? takePrefetched(path, args) : null) ??
    fetch(`/api/${kind}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path, args, format: "json" }),
    }));
  if (response.status === 560) {
    const body = (await response.json()) as { errorMessage?: string; errorData?: unknown };
    // The refusal's code and values (errorData) ride along as `data`, as the official clients do.
    throw Object.assign(new Error(body.errorMessage || DEFAULT_ERROR_MESSAGE), { data: body.errorData });
  }
  if (!response.ok) throw new Error(await response.text());
  const body = (await response.json()) as { value: T };
  return body.value;
}
