// Who may see /health's checks: anyone with HEALTH_DETAILS=public, else a caller with a valid (unrevoked) API key.
import { hashApiKey, isWellFormedApiKey } from "./api-key-format.ts";

export async function healthDetailsAllowed(
  setting: "key" | "public",
  accounts: { findActiveKey(hash: string): Promise<unknown | null> },
  authorization: string | undefined,
): Promise<boolean> {
  if (setting === "public") return true;
  const key = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (!key || !isWellFormedApiKey(key)) return false;
  return (await accounts.findActiveKey(hashApiKey(key))) !== null;
}
