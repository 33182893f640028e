// Opaque, URL-safe identifiers with a readable type prefix (site_…, job_…), sortable by creation time.
import { randomBytes } from "node:crypto";

export function newId(prefix: string): string {
  // 6 bytes of milliseconds then 10 random bytes: ids sort by creation and never collide in practice.
  const time = Date.now().toString(36).padStart(9, "0");
  return `${prefix}_${time}${randomBytes(10).toString("base64url")}`;
}
