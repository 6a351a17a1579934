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
