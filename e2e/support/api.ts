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
