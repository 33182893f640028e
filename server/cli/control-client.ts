// The CLI's side of the control channel: sends a data command to the service holding the data folder.
import { ConfigError } from "../errors/config-error.ts";
import type { LockHolder } from "./data-dir-lock.ts";
import { readControlSecret, secretFile } from "./control-secret.ts";
import type { ControlReply } from "./control-server.ts";

const restartAdvice = (dataDir: string, holder: LockHolder) =>
  `If no site-search process is running, delete ${dataDir}/site-search.lock and try again; otherwise stop ${holder.holder} (pid ${holder.pid}) and run the command again.`;

export async function forwardToService(dataDir: string, holder: LockHolder, argv: string[]): Promise<ControlReply> {
  if (holder.controlPort === null) {
    throw new ConfigError(
      `The data folder ${dataDir} is held by ${holder.holder} (pid ${holder.pid}), which takes no commands (it may still be starting). Nothing was written. Wait for it to finish or start, then try again. ${restartAdvice(dataDir, holder)}`,
    );
  }
  let secret: string;
  try {
    secret = readControlSecret(dataDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(
      code === "EACCES"
        ? `The running service (pid ${holder.pid}) belongs to another user: only that user can read ${secretFile(dataDir)}. Nothing was written. Run the command as that user.`
        : `The running service's control secret ${secretFile(dataDir)} is missing. Nothing was written. ${restartAdvice(dataDir, holder)}`,
    );
  }
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${holder.controlPort}/command`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: JSON.stringify({ argv }),
    });
  } catch {
    throw new ConfigError(
      `The service holding ${dataDir} (pid ${holder.pid}) did not answer on its control channel. Nothing was written. ${restartAdvice(dataDir, holder)}`,
    );
  }
  const body = (await response.json().catch(() => null)) as (ControlReply & { error?: string }) | null;
  if (response.status !== 200 || !body) throw new ConfigError(`The service refused the command: ${body?.error ?? `HTTP ${response.status}`}.`);
  return body;
}
