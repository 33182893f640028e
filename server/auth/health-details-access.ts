// Who may see /health's checks: anyone with HEALTH_DETAILS=public, else a caller with a valid API key (unrevoked
// and unexpired, as everywhere else a key is accepted).
import { hashApiKey, hashesEqual, isWellFormedApiKey } from "../accounts/index.ts";

export async function healthDetailsAllowed(
  setting: "key" | "public",
  accounts: { findActiveKey(hash: string): Promise<{ key: { hash: string; expiresAt: Date | null } } | null> },
  authorization: string | undefined,
  now: () => number = Date.now,
): Promise<boolean> {
  if (setting === "public") return true;
  const key = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (!key || !isWellFormedApiKey(key)) return false;
  const hash = hashApiKey(key);
  const found = await accounts.findActiveKey(hash);
  if (!found || !hashesEqual(found.key.hash, hash)) return false;
  return !found.key.expiresAt || found.key.expiresAt.getTime() > now();
}
