import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults (19 MiB, 2 passes): the OWASP baseline.
export function hashSecretSlow(secret: string): Promise<string> {
  return hash(secret);
}

export async function verifySecretSlow(hashed: string | null, secret: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await verify(hashed, secret);
  } catch {
    return false;
  }
}
