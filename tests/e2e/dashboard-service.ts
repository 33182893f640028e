// The service as `npm start` runs it, in its own process on loopback, for dashboard tests: reads the first-run link it
// prints, and runs the CLI beside it (over the control channel on the embedded database, directly on PostgreSQL).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { sql } from "drizzle-orm";
import { openDatabase, rows } from "../../server/adapters/postgres/database.ts";
import { fixtureEmbeddingsEnv } from "../fixtures/fixture-embeddings-service.ts";

const root = join(import.meta.dir, "../..");

export interface DashboardService {
  base: string;
  setupLink: string;
  cli(args: string[]): Promise<{ code: number; out: string }>;
  stop(): Promise<void>;
}

export async function startDashboardService(): Promise<DashboardService> {
  if (process.env.DATABASE_URL) {
    // The first run is a database without users; this test database may hold earlier runs' users.
    const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "" });
    await rows(db.db, sql`DELETE FROM users`);
    await db.close();
  }
  // A data folder on disk (not memory://) so the CLI can reach the same embedded database through the service.
  const dir = mkdtempSync(join(tmpdir(), "site-search-dash-"));
  const env = {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: join(dir, "data"),
    LOG_LEVEL: "warn",
    ANTHROPIC_API_KEY: "",
    ...fixtureEmbeddingsEnv(),
  };
  const server: Subprocess<"ignore", "pipe", "pipe"> = Bun.spawn([process.execPath, "server/main.ts"], { cwd: root, env, stdout: "pipe", stderr: "pipe" });
  const reader = server.stdout.getReader();
  let out = "";
  const deadline = Date.now() + 60_000;
  while (!/\/dashboard\/setup\?token=\S+/.test(out) && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    out += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  const setupLink = /(http:\/\/\S+\/dashboard\/setup\?token=\S+)/.exec(out)?.[1] ?? "";
  if (!setupLink) throw new Error(`no setup link printed: ${out}${await new Response(server.stderr).text()}`);
  return {
    base: setupLink.replace(/\/dashboard\/.*$/, ""),
    setupLink,
    async cli(args) {
      const child = Bun.spawn([process.execPath, "server/cli.ts", ...args], { cwd: root, env, stdout: "pipe", stderr: "pipe" });
      const [code, stdout, stderr] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
      return { code, out: stdout + stderr };
    },
    async stop() {
      // Background workers use the shared test database: the service must be gone before the next file runs.
      server.kill();
      if ((await Promise.race([server.exited.then(() => true), Bun.sleep(10_000).then(() => false)])) === false) server.kill("SIGKILL");
      await server.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
