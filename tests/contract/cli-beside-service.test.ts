// The CLI beside a running service on the embedded default: commands go to the service over its control channel,
// so the data folder only ever has one writer, keys work (or stop working) at once, and nothing is lost on stop.
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";

const root = join(import.meta.dir, "../..");
const bun = process.execPath;
const dirs: string[] = [];
const children: ChildProcess[] = [];

/** The embedded default, whichever database this suite runs against: DATABASE_URL is removed, not inherited. */
function env(dataDir: string): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return { ...rest, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", RUN_WORKERS: "false", LOG_LEVEL: "info", ANTHROPIC_API_KEY: "" };
}

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "site-search-cli-"));
  dirs.push(dir);
  return join(dir, "data");
}

/** Starts `bun server/main.ts` and resolves with its base URL once it logs that it listens. */
async function startService(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(bun, ["server/main.ts"], { cwd: root, env: env(dataDir), stdio: ["ignore", "ignore", "pipe"] });
  children.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    let log = "";
    const timer = setTimeout(() => reject(new Error(`service did not start:\n${log}`)), 60_000);
    child.stderr!.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      const match = /"msg":"site-search listening","url":"(http:\/\/[^"]+)"/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once("exit", (code) => reject(new Error(`service exited (${code}):\n${log}`)));
  });
  return { url, child };
}

function stop(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

function cli(dataDir: string, ...args: string[]): { code: number; stdout: string; stderr: string } {
  const run = spawnSync(bun, ["server/cli.ts", ...args], { cwd: root, env: env(dataDir), encoding: "utf8", timeout: 60_000 });
  return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
}

const json = (run: { code: number; stdout: string; stderr: string }) => {
  if (run.code !== 0) throw new Error(`cli failed (${run.code}): ${run.stderr}`);
  return JSON.parse(run.stdout);
};

afterEach(async () => {
  for (const child of children.splice(0)) await stop(child, "SIGKILL");
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the CLI beside a running service on the embedded database", () => {
  test("orgs and keys commands go through the service: a new key works at once, a revoked one is refused, the org outlives the service", async () => {
    const dataDir = tempDataDir();
    const { url, child } = await startService(dataDir);
    expect(statSync(join(dataDir, "site-search.control-secret")).mode & 0o777).toBe(0o600);

    const org = json(cli(dataDir, "orgs", "create", "--name", "Beside", "--plan", "pro", "--json"));
    const key = json(cli(dataDir, "keys", "create", "--org", org.id, "--name", "ci", "--role", "owner", "--json"));
    const sites = await fetch(`${url}/api/sites`, { headers: { authorization: `Bearer ${key.key}` } });
    expect(sites.status).toBe(200);

    const revoked = cli(dataDir, "keys", "revoke", key.id);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(`Revoked key ${key.id}`);
    expect((await fetch(`${url}/api/sites`, { headers: { authorization: `Bearer ${key.key}` } })).status).toBe(401);

    // A usage mistake comes back as the service's sentence and exit code 2, as when the CLI runs it itself.
    const bad = cli(dataDir, "keys", "create", "--org", "org_nope", "--name", "x");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("No organisation org_nope.");

    await stop(child);
    const orgs = json(cli(dataDir, "orgs", "list", "--json"));
    expect(orgs.map((o: { id: string }) => o.id)).toContain(org.id);
  }, 120_000);

  test("after kill -9 the stale lock is taken over and the data kept; a second service beside the new one refuses to start", async () => {
    const dataDir = tempDataDir();
    const first = await startService(dataDir);
    const org = json(cli(dataDir, "orgs", "create", "--name", "Survivor", "--plan", "free", "--json"));
    await stop(first.child, "SIGKILL");

    const second = await startService(dataDir);
    const listed = json(cli(dataDir, "orgs", "list", "--json"));
    expect(listed.map((o: { id: string }) => o.id)).toContain(org.id);
    const third = spawnSync(bun, ["server/main.ts"], { cwd: root, env: env(dataDir), encoding: "utf8", timeout: 60_000 });
    expect(third.status).toBe(2);
    expect(third.stderr).toContain(`is in use by site-search serve (pid ${second.child.pid})`);
    await stop(second.child);
  }, 120_000);

  test("a holder that takes no commands makes the CLI refuse before writing, saying what to do", async () => {
    const dataDir = tempDataDir();
    // Seed the folder, then make it look held by a live process (this test runner) without a control channel.
    json(cli(dataDir, "orgs", "create", "--name", "Seed", "--plan", "free", "--json"));
    writeFileSync(join(dataDir, "site-search.lock"), JSON.stringify({ pid: process.pid, holder: "site-search worker", controlPort: null }));
    const refused = cli(dataDir, "orgs", "create", "--name", "Never", "--plan", "free");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("Nothing was written");
    expect(refused.stderr).toContain("site-search.lock");

    rmSync(join(dataDir, "site-search.lock"));
    const names = json(cli(dataDir, "orgs", "list", "--json")).map((o: { name: string }) => o.name);
    expect(names).toEqual(["Seed"]);
  }, 120_000);
});
