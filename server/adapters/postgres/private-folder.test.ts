import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "./database.ts";

const root = mkdtempSync(join(tmpdir(), "private-folder-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every path under `dir` whose mode lets group or other users in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if ((statSync(path).mode & 0o077) !== 0) found.push(path);
  }
  return found;
}

describe("the embedded database's folder", () => {
  test("is created 0700 and PGlite's files in it (the WAL included) are the owner's alone", async () => {
    const dataDir = join(root, "fresh");
    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      await database.db.execute("CREATE TABLE secrets_probe (v text)");
      await database.db.execute("INSERT INTO secrets_probe VALUES ('whsec_probe')");
    } finally {
      await database.close();
    }
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dataDir, { recursive: true }).length).toBeGreaterThan(100);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 120_000);

  test("a folder other users can enter is refused before the database opens, with the command that fixes it", async () => {
    const dataDir = join(root, "shared");
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    expect(openDatabase({ databaseUrl: null, dataDir })).rejects.toThrow(`chmod 700 ${dataDir}`);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
