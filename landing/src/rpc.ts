// The landing page calls only public functions, over plain HTTP (spec section 7 transport).
export async function callPublic<T>(kind: "query" | "mutation", path: string, args: unknown): Promise<T> {
  const response = await fetch(`/api/${kind}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ path, args, format: "json" }),
  });
  if (response.status === 560) {
    const body = (await response.json()) as { errorMessage?: string };
    throw new Error(body.errorMessage || "An unexpected error occurred");
  }
  if (!response.ok) throw new Error(await response.text());
  const body = (await response.json()) as { value: T };
  return body.value;
}
