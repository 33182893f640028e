// The control channel's secret: random per service start, in a file only the service's user can read (0600), so
// anyone who can read it could also have opened the data folder themselves.
import { chmodSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { join } from "node:path";

export const secretFile = (dataDir: string) => join(dataDir, "site-search.control-secret");

export function createControlSecret(dataDir: string): string {
  const file = secretFile(dataDir);
  const secret = randomBytes(32).toString("hex");
  // Removed first so the exclusive create sets the mode: an old file could have been left with wider rights.
  rmSync(file, { force: true });
  writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return secret;
}

export function readControlSecret(dataDir: string): string {
  return readFileSync(secretFile(dataDir), "utf8").trim();
}

export function removeControlSecret(dataDir: string): void {
  rmSync(secretFile(dataDir), { force: true });
}

export function secretsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
