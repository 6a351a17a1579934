import { apiSignIn } from "./fixtures";

// Calls to the API as a signed-in person, to set up what a journey needs the way another user
// would, or to read what the screen should agree with.
export class Api {
  private constructor(
    private readonly baseURL: string,
    private readonly token: string,
  ) {}

  static async as(baseURL: string, email: string): Promise<Api> {
    return new Api(baseURL, (await apiSignIn(baseURL, email)).token);
  }

  async call<T>(kind: "query" | "mutation", path: string, args: Record<string, unknown>): Promise<T> {
    const response = await fetch(`${this.baseURL}/api/${kind}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${this.token}` },
      body: JSON.stringify({ path, args, format: "json" }),
    });
    const body = (await response.json()) as { status: string; value?: T; errorMessage?: string };
    if (body.status !== "success") throw new Error(`${path} failed: ${body.errorMessage}`);
    return body.value as T;
  }
}

/** An active hourly attendant at the stores, made through employees:create as a manager would. */
export async function createEmployee(api: Api, employee: { name: string; username: string; pin: string; storeIds: string[] }): Promise<string> {
  const { employeeId } = await api.call<{ employeeId: string }>("mutation", "employees:create", {
    name: employee.name,
    email: "",
    phone: "",
    position: "Attendant",
    hireDate: "",
    storeIds: employee.storeIds,
    payType: "hourly",
    rateCents: 1500,
    effectiveFrom: "",
    username: employee.username,
    pin: employee.pin,
  });
  return employeeId;
}

/**
 * Links `person`'s account to the profile with this kiosk username and PIN, as it happens for a
 * profile without an e-mail address: the PIN opens a request, and `approver` (a manager, never
 * the person) approves it. The PIN alone never links (issue 31).
 */
export async function linkAccount(person: Api, approver: Api, login: { username: string; pin: string }): Promise<void> {
  const started = await person.call<{ status: string }>("mutation", "employment:link", login);
  if (started.status !== "awaitingApproval") throw new Error(`Linking ${login.username} needs ${started.status}, not a manager's approval`);
  const pending = await approver.call<Array<{ _id: string; username: string }>>("query", "employmentLinks:listPending", {});
  const request = pending.find((r) => r.username.toLowerCase() === login.username.toLowerCase());
  if (!request) throw new Error(`No link request waits for ${login.username}`);
  await approver.call("mutation", "employmentLinks:approve", { requestId: request._id });
}
