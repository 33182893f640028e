// Runs a data command from the CLI without ever making a second writer of an embedded data folder: with PostgreSQL
// (DATABASE_URL) or a free folder it opens the database itself; when the service holds the folder it forwards the
// command over the service's control channel; otherwise it refuses before opening anything.
import type { Config } from "../config.ts";
import type { CliArgs } from "./cli-args.ts";
import { tryLockDataDir } from "./data-dir-lock.ts";
import { forwardToService } from "./control-client.ts";
import { runDataCommand } from "./data-commands.ts";
import type { CommandStores } from "./command-context.ts";

export interface CommandOutput {
  out(text: string): void;
  err(text: string): void;
}

const toConsole: CommandOutput = { out: (t) => console.log(t), err: (t) => console.error(t) };

/** Opens the database and the stores over it (server/composition/command-stores.ts). */
export type OpenCommandStores = (config: Config) => Promise<{ stores: CommandStores; close(): Promise<void> }>;

export async function runDataCommandFromCli(
  config: Config,
  argv: string[],
  args: CliArgs,
  open: OpenCommandStores,
  output: CommandOutput = toConsole,
): Promise<number> {
  const embedded = config.databaseUrl === null && config.dataDir !== "memory://";
  const taken = embedded ? tryLockDataDir(config.dataDir, `site-search ${args.command}`) : null;
  if (taken && "heldBy" in taken) {
    const reply = await forwardToService(config.dataDir, taken.heldBy, argv);
    if (reply.stdout) output.out(reply.stdout.replace(/\n$/, ""));
    if (reply.stderr) output.err(reply.stderr.replace(/\n$/, ""));
    return reply.code;
  }
  const lock = taken?.lock;
  try {
    const opened = await open(config);
    try {
      return await runDataCommand({ config, stores: opened.stores, ...output }, args);
    } finally {
      await opened.close();
    }
  } finally {
    lock?.release();
  }
}
