import { newIdempotencyKey } from "./client";

// A long file is sent in parts that each fit the server's 1 MB request limit (bankLines:uploadPart,
// imports:uploadPart); the server joins them before reading, so a part may end anywhere.

/** The most characters one part carries (the servers' limit per part). */
export const PART_CHARS = 500_000;
/** The most bytes a part may take once sent as JSON, with room for the rest of the request. */
const PART_BYTES = 960_000;

const encoder = new TextEncoder();
const jsonBytes = (text: string) => encoder.encode(JSON.stringify(text)).length;

/** Cuts the content into parts of at most PART_CHARS characters whose JSON fits a request. */
export function splitParts(content: string): string[] {
  const parts: string[] = [];
  let at = 0;
  while (at < content.length) {
    let size = Math.min(PART_CHARS, content.length - at);
    // Quotes, backslashes and letters beyond ASCII grow when sent: shrink the part until it fits.
    while (size > 1000 && jsonBytes(content.slice(at, at + size)) > PART_BYTES) size = Math.floor(size * 0.9);
    // Keep a surrogate pair whole.
    const last = content.charCodeAt(at + size - 1);
    if (at + size < content.length && last >= 0xd800 && last <= 0xdbff) size -= 1;
    parts.push(content.slice(at, at + size));
    at += size;
  }
  return parts.length ? parts : [""];
}

type SendPart = (args: { uploadId: string; part: number; content: string }) => Promise<unknown>;

/** Sends the parts one after another under a new upload id, telling how many have gone. */
export async function sendInParts(
  parts: readonly string[],
  sendPart: SendPart,
  onProgress: (done: number) => void,
): Promise<{ uploadId: string; parts: number }> {
  const uploadId = newIdempotencyKey();
  onProgress(0);
  for (const [part, content] of parts.entries()) {
    await sendPart({ uploadId, part, content });
    onProgress(part + 1);
  }
  return { uploadId, parts: parts.length };
}
