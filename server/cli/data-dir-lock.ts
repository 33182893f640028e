// PGlite keeps its data in a folder that only one process may open; a lock file makes a second one fail clearly.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "../errors/app-error.ts";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockDataDir(dataDir: string, what: string): () => void {
  if (dataDir === "memory://") return () => {};
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "site-search.lock");
  if (existsSync(file)) {
    const [pid, holder] = readFileSync(file, "utf8").split("\n");
    if (pid && Number(pid) !== process.pid && alive(Number(pid))) {
      throw new ConfigError(
        `The data folder ${dataDir} is in use by ${holder ?? "another process"} (pid ${pid}). The embedded database allows one process at a time: stop it first, or set DATABASE_URL to a PostgreSQL server to run several.`,
      );
    }
  }
  writeFileSync(file, `${process.pid}\n${what}\n`);
  return () => rmSync(file, { force: true });
}
