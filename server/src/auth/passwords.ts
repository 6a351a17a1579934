import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults (19 MiB, 2 passes): the OWASP baseline.
export function hashSecretSlow(secret: string): Promise<string> {
  return hash(secret);
}

// A hash of nothing anyone knows, made once with the same parameters as real ones, so that
// checking a password for an account without one costs the same time as for a real account.
let dummyHash: Promise<string> | null = null;

export async function verifySecretSlow(hashed: string | null, secret: string): Promise<boolean> {
  if (!hashed) {
    dummyHash ??= hash(randomBytes(32).toString("hex"));
    await verifySafely(await dummyHash, secret);
    return false;
  }
  return verifySafely(hashed, secret);
}

async function verifySafely(hashed: string, secret: string): Promise<boolean> {
  try {
    return await verify(hashed, secret);
  } catch {
    return false;
  }
}
