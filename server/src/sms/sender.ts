// A Twilio-compatible sender: POST form fields To and Body to SMS_URL, with the URL's user info
// (account:token) sent as basic auth and a `from` query parameter as From.
export async function sendSms(smsUrl: string, to: string, body: string): Promise<void> {
  const url = new URL(smsUrl);
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (url.username) {
    headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString("base64")}`;
  }
  const from = url.searchParams.get("from");
  url.username = "";
  url.password = "";
  url.searchParams.delete("from");
  const form = new URLSearchParams({ To: to, Body: body, ...(from ? { From: from } : {}) });
  const response = await fetch(url, { method: "POST", headers, body: form, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`SMS sender answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
}
