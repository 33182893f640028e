// The service's hold on an embedded data folder (serve and worker): the lock, and once the database is open, the
// control channel that runs other processes' CLI commands in-process, so the folder only ever has one writer.
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { createControlSecret, removeControlSecret } from "./control-secret.ts";
import { startControlServer, type ControlServer } from "./control-server.ts";
import type { CommandStores } from "./command-context.ts";

export interface ServiceLock {
  /** Opens the control channel over the service's own stores and publishes its port in the lock file. */
  attach(stores: CommandStores, log: Logger): Promise<void>;
  release(): Promise<void>;
}

const noLock: ServiceLock = { attach: async () => {}, release: async () => {} };

/** Takes the data folder's lock before the database is opened; throws ConfigError when another process has it. */
export function holdDataFolder(config: Config, what: string): ServiceLock {
  // A PostgreSQL server takes many writers, and memory:// has no folder: nothing to hold.
  if (config.databaseUrl !== null || config.dataDir === "memory://") return noLock;
  const lock = lockDataDir(config.dataDir, what);
  let control: ControlServer | null = null;
  return {
    async attach(stores, log) {
      const secret = createControlSecret(config.dataDir);
      control = await startControlServer({ secret, context: { config, stores }, onError: (error) => log.error("forwarded CLI command failed", { error }) });
      lock.announceControl(control.port);
      log.info("CLI commands are taken over the control channel", { port: control.port });
    },
    async release() {
      await control?.close();
      removeControlSecret(config.dataDir);
      lock.release();
    },
  };
}
