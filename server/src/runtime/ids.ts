import { randomBytes } from "node:crypto";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

/** 32 lowercase base32 characters (160 random bits): no hyphen, so never mistaken for a friendly id. */
export function newId(): string {
  const bytes = randomBytes(20);
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

export const ID_PATTERN = /^[a-z2-7]{32}$/;
