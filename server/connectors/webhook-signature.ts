// The webhook signature: HMAC-SHA256 under the webhook's secret over "<t>.<raw body>", sent as
// X-Site-Search-Signature: t=<unix seconds>,v1=<hex>. Signing the time stops a captured delivery being replayed later.
import { createHmac, timingSafeEqual } from "node:crypto";

/** Receivers reject signatures whose t is further than this from their clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signatureHeader(secret: string, body: string, t: number): string {
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
}

/** What a receiver does (docs/webhooks.md shows the same steps); used by our tests as the receiver. */
export function verifySignature(secret: string, body: string, header: string | null, now = Math.floor(Date.now() / 1000)): boolean {
  if (!header) return false;
  const parts = new Map(header.split(",").map((part) => part.trim().split("=", 2) as [string, string]));
  const t = Number(parts.get("t"));
  const given = parts.get("v1") ?? "";
  if (!Number.isInteger(t) || Math.abs(now - t) > SIGNATURE_TOLERANCE_SECONDS || !/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(given, "hex"));
}
