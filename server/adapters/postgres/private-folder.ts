// The embedded database's folder is private to the service's user: it holds every page, key hash and webhook
// secret, and PGlite writes its files (the WAL included) with whatever the process umask allows.
import { chmodSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "../../errors/config-error.ts";

/**
 * Creates `dataDir` as 0700 when it is missing, refuses one that grants group or other users any access, and sets
 * the process umask to 077 so every file created from now on (PGlite's included) is the owner's alone. Call it
 * before the database is opened. Not on Windows, whose folders have no such mode bits.
 */
export function preparePrivateDataDir(dataDir: string): void {
  if (process.platform === "win32") return;
  try {
    process.umask(0o077);
  } catch {
    // Runtimes without umask (some Deno setups): the folder's own mode still keeps other users out.
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const mode = statSync(dataDir).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new ConfigError(
      `DATA_DIR ${dataDir} can be read by other users of this machine (mode ${mode.toString(8).padStart(4, "0")}); it holds the whole database. ` +
        `Run \`chmod 700 ${dataDir}\` as the service's user and start again.`,
    );
  }
}

/**
 * Takes group and other access off everything under `dataDir`. PGlite unpacks its initial cluster with the archive's
 * modes (0666/0777, whatever the umask), so this runs once it has opened; files it creates later follow the umask.
 */
export function tightenDataDir(dataDir: string): void {
  if (process.platform === "win32") return;
  for (const entry of readdirSync(dataDir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    const mode = statSync(path).mode & 0o777;
    if ((mode & 0o077) !== 0) chmodSync(path, mode & 0o700);
  }
}
