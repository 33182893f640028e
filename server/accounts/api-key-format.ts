// API key format: srch_live_/srch_test_ + 30 random base62 characters + a 6-character CRC32 checksum
// (as GitHub tokens do), so typos and foreign strings are rejected before any database look-up.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const KEY_BRAND = "srch";
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const BODY_LENGTH = 30;
const KEY_PATTERN = /^srch_(live|test)_([0-9A-Za-z]{30})([0-9A-Za-z]{6})$/;

function base62(bytes: Uint8Array, length: number): string {
  let out = "";
  for (const byte of bytes) {
    // Rejection sampling keeps every character equally likely (248 = 4 × 62).
    if (byte < 248) out += ALPHABET[byte % 62];
    if (out.length === length) break;
  }
  return out;
}

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function checksum(body: string): string {
  let n = crc32(body);
  let out = "";
  for (let i = 0; i < 6; i++) {
    out = ALPHABET[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

export function generateApiKey(environment: "live" | "test"): { key: string; prefix: string; hash: string } {
  let body = "";
  while (body.length < BODY_LENGTH) body += base62(randomBytes(48), BODY_LENGTH - body.length);
  const key = `${KEY_BRAND}_${environment}_${body}${checksum(body)}`;
  return { key, prefix: key.slice(0, 14), hash: hashApiKey(key) };
}

/** True when the string has the key shape and its checksum matches. */
export function isWellFormedApiKey(key: string): boolean {
  const m = KEY_PATTERN.exec(key);
  return m !== null && checksum(m[2]!) === m[3];
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}
