// PGlite keeps its data in a folder that only one process may open: the lock file names that process (and, for the
// service, the loopback port of its control channel) so a second process refuses, or asks the holder to do the work.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "../errors/config-error.ts";

export interface LockHolder {
  pid: number;
  holder: string;
  /** Loopback port where the holder runs CLI commands for others; null while it starts, or for one-shot commands. */
  controlPort: number | null;
}

export interface DataDirLock {
  readonly file: string;
  /** Publishes the control channel's port in the lock file (rewritten atomically, so a reader never sees half). */
  announceControl(port: number): void;
  /** Removes the lock, only if it is still ours. */
  release(): void;
}

export const lockFile = (dataDir: string) => join(dataDir, "site-search.lock");

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The lock's holder, or null when there is no lock; an unreadable lock (a crash while writing it) counts as none. */
export function readLock(dataDir: string): LockHolder | null {
  const file = lockFile(dataDir);
  if (!existsSync(file)) return null;
  const text = readFileSync(file, "utf8");
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.pid === "number")
      return {
        pid: parsed.pid,
        holder: String(parsed.holder ?? "another process"),
        controlPort: typeof parsed.controlPort === "number" ? parsed.controlPort : null,
      };
  } catch {
    // Lock files of earlier versions were "pid\nholder\n".
    const [pid, holder] = text.split("\n");
    if (pid && /^\d+$/.test(pid)) return { pid: Number(pid), holder: holder || "another process", controlPort: null };
  }
  return null;
}

/**
 * Takes the lock, or returns who holds it. A lock whose process is gone (kill -9, power loss) is stale and taken
 * over, so a crash never bricks the folder. O_EXCL creation makes two processes starting together race safely.
 */
export function tryLockDataDir(dataDir: string, what: string): { lock: DataDirLock } | { heldBy: LockHolder } {
  // Private from the start (the database then refuses a folder others can read: adapters/postgres/private-folder.ts).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = lockFile(dataDir);
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, "wx", 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readLock(dataDir);
      if (holder && holder.pid !== process.pid && alive(holder.pid)) return { heldBy: holder };
      rmSync(file, { force: true });
      continue;
    }
    const write = (port: number | null) => JSON.stringify({ pid: process.pid, holder: what, controlPort: port });
    writeSync(fd, write(null));
    closeSync(fd);
    return {
      lock: {
        file,
        announceControl(port) {
          writeFileSync(`${file}.tmp`, write(port));
          renameSync(`${file}.tmp`, file);
        },
        release() {
          if (readLock(dataDir)?.pid === process.pid) rmSync(file, { force: true });
        },
      },
    };
  }
  throw new ConfigError(`Could not take the lock ${file}; another process keeps replacing it.`);
}

/** For the service and the worker: take the lock or fail at start-up with a sentence saying what to do. */
export function lockDataDir(dataDir: string, what: string): DataDirLock {
  const taken = tryLockDataDir(dataDir, what);
  if ("lock" in taken) return taken.lock;
  const { pid, holder } = taken.heldBy;
  throw new ConfigError(
    `The data folder ${dataDir} is in use by ${holder} (pid ${pid}). The embedded database allows one process at a time: stop it first, or set DATABASE_URL to a PostgreSQL server to run several.`,
  );
}
