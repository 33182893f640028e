// Stable fingerprint of page or chunk content, so unchanged pages and chunks are not re-embedded.
import { createHash } from "node:crypto";

/** SHA-256 hex of the parts. Each part is length-prefixed so ("ab", "c") and ("a", "bc") differ. */
export function contentHash(...parts: string[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(`${part.length}:`).update(part);
  return hash.digest("hex");
}
