// Traffic benchmark: simulated visitors typing FAQ questions at a human pace into the widget's request discipline
// (bench/traffic-visitor.ts) against API instances in processes of their own (bench/traffic-server.ts) over loopback
// HTTP, with the Apache httpd manual pushed as HTML pages. Each visitor has its own address, so the default
// per-visitor limits apply as in production. Reports answers/s, p50/p95/p99 per speed, 429s, errors, error-level log
// lines, the instances' CPU and RSS, and the load average, at each visitor count.
// Usage: bun bench/traffic.ts [--visitors 10,30,60,100] [--seconds 20] [--site DIR]
//          [--instances 2]          two instances on one port (SO_REUSEPORT), on DATABASE_URL (PostgreSQL)
//          [--compare ROOT]         also run ROOT's code (a checkout of another branch), level by level beside this one
//          [--profile DIR]          write each instance's CPU profile (markdown) into DIR when it stops
//          [--soak --minutes 30]    one visitor count for that long while a crawl and page pushes run (RUN_WORKERS on)
//          [--no-embed]             leave the manual's passages without vectors (the vector side searches an empty index)
// Prints, after the levels, each target of the issue beside what this code measured.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Instance, loadAverage, processStats, startInstance, threadStats } from "./traffic-instances.ts";
import { startBackground } from "./traffic-soak.ts";
import { type LevelFigures, levelFigures, targetLines } from "./traffic-targets.ts";
import { percentile, type Sample, sleep, visitor } from "./traffic-visitor.ts";

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    visitors: { type: "string", default: "10,30,60,100" },
    seconds: { type: "string", default: "20" },
    site: { type: "string" },
    instances: { type: "string", default: "1" },
    compare: { type: "string" },
    profile: { type: "string" },
    soak: { type: "boolean", default: false },
    minutes: { type: "string", default: "30" },
    "no-embed": { type: "boolean", default: false },
  },
});
const here = new URL("..", import.meta.url).pathname;
const root = values.site ?? new URL("../../shared/data/httpd-docs/site/", import.meta.url).pathname;
const levels = values.visitors!.split(",").map(Number);
const seconds = Number(values.seconds);
const instanceCount = Number(values.instances);
if (instanceCount > 1 && !process.env.DATABASE_URL) throw new Error("Two instances share one database: set DATABASE_URL to a PostgreSQL database.");

/** Data folders this run made (soak, profile), removed when it ends. */
const folders: string[] = [];
const folder = (prefix: string) => {
  folders.push(mkdtempSync(join(tmpdir(), prefix)));
  return folders.at(-1)!;
};

/** A port free now, for instances that bind it together with SO_REUSEPORT. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Target {
  name: string;
  base: string;
  siteId: string;
  apiKey: string;
  instances: Instance[];
}

async function startTarget(name: string, codeRoot: string): Promise<Target> {
  // The soak keeps its data on disk: a crawl into PGlite in memory grows the process by the data it stores.
  const env = values.soak ? { RUN_WORKERS: "true", DATA_DIR: process.env.DATABASE_URL ? undefined : folder("traffic-soak-") } : {};
  const shared = instanceCount > 1 ? ["--port", String(await freePort()), "--reuse-port"] : [];
  const profileDir = values.profile ? `${values.profile}/${name}` : undefined;
  // A profile is of the traffic alone (PGlite): the seeding instance writes to a folder and stops, a profiled one serves it.
  const split = profileDir !== undefined && instanceCount === 1 && !process.env.DATABASE_URL;
  const seedEnv = split ? { ...env, DATA_DIR: folder("traffic-profile-") } : env;
  const seedArgs = ["--seed", root, "--solo", ...(values["no-embed"] ? ["--no-embed"] : []), ...shared];
  let first = await startInstance({ root: codeRoot, args: seedArgs, env: seedEnv, profileDir: split ? undefined : profileDir });
  const { ready } = first;
  if (split) {
    await first.stop();
    first = await startInstance({ root: codeRoot, args: [], env: seedEnv, profileDir });
    ready.port = first.ready.port;
  }
  const others = await Promise.all(Array.from({ length: instanceCount - 1 }, () => startInstance({ root: codeRoot, args: shared, env, profileDir })));
  const vectors = ready.vectors ? `${ready.vectors} with a vector (${ready.embedded ?? 0} embedded now, the rest from the cache file)` : "none with a vector";
  console.log(`${name}: ${ready.pages} pages, ${ready.chunks} chunks, ${vectors} on ${ready.database}, ${instanceCount} instance(s) on port ${ready.port}`);
  for (const line of ready.solo) console.log(`${name} solo ${line}`);
  return { name, base: `http://127.0.0.1:${ready.port}`, siteId: ready.siteId!, apiKey: ready.apiKey!, instances: [first, ...others] };
}

interface Window {
  samples: Sample[];
  elapsed: number;
  cpuSeconds: number;
  cpuPercent: number;
  rssMb: number;
  load: number;
}

/** `count` visitors for `ms` against the target; CPU is the instances' own, summed. */
async function measure(target: Target, count: number, ms: number, firstId: number): Promise<Window> {
  const samples: Sample[] = [];
  const cpuEach = target.instances.map((i) => processStats(i.pid).cpuSeconds);
  const cpuBefore = cpuEach.reduce((sum, seconds) => sum + seconds, 0);
  const threadsBefore = threadStats(target.instances[0]!.pid);
  const started = performance.now();
  await Promise.all(Array.from({ length: count }, (_, i) => visitor(target.base, target.siteId, firstId + i, started + ms, samples)));
  const elapsed = (performance.now() - started) / 1000;
  const stats = target.instances.map((i) => processStats(i.pid));
  const cpuSeconds = stats.reduce((sum, s) => sum + s.cpuSeconds, 0) - cpuBefore;
  const cpuPercent = Math.round((cpuSeconds / elapsed) * 100);
  // Per answer, each thread's CPU: PGlite's thread (a Worker), the API thread (bun), the embedder's, the JIT's, the GC's.
  const answers = Math.max(1, samples.length);
  const threads = [...threadStats(target.instances[0]!.pid)]
    .map(([name, seconds]) => [name, ((seconds - (threadsBefore.get(name) ?? 0)) * 1000) / answers] as const)
    .filter(([, msEach]) => msEach >= 0.05)
    .sort((a, b) => b[1] - a[1]);
  const each = stats.map((s, i) => Math.round(((s.cpuSeconds - cpuEach[i]!) / elapsed) * 100));
  console.error(
    `  ${target.name}: instances' CPU % ${each.join(" + ")}; first instance's threads, CPU ms per answer: ${threads.map(([name, msEach]) => `${name} ${msEach.toFixed(2)}`).join(", ")}`,
  );
  return { samples, elapsed, cpuSeconds, cpuPercent, rssMb: stats.reduce((sum, s) => sum + s.rssMb, 0), load: loadAverage() };
}

function row(label: string, window: Window, errorLines: number): string {
  const ok = window.samples.filter((s) => s.status === 200);
  const by = (speed: string) => ok.filter((s) => s.speed === speed).map((s) => s.ms);
  const line = (speed: string) => [0.5, 0.95, 0.99].map((p) => percentile(by(speed), p)).join(" / ");
  const all = ok.map((s) => s.ms);
  const refused = window.samples.filter((s) => s.status === 429).length;
  const errors = window.samples.filter((s) => s.status !== 200 && s.status !== 429).length;
  const cpuMsPerAnswer = (window.cpuSeconds * 1000) / Math.max(1, window.samples.length);
  // The share answered from the cache moves CPU per answer more than the code does: per searched answer, all of it
  // counted against the answers that were searched.
  const cpuMsPerSearched = (window.cpuSeconds * 1000) / Math.max(1, ok.length - window.samples.filter((s) => s.cached).length);
  const hits = Math.round((100 * window.samples.filter((s) => s.cached).length) / Math.max(1, ok.length));
  return `| ${label} | ${(ok.length / window.elapsed).toFixed(1)} | ${hits} | ${cpuMsPerAnswer.toFixed(1)} | ${cpuMsPerSearched.toFixed(1)} | ${line("instant")} | ${line("full")} | ${percentile(all, 0.95)} | ${refused} | ${errors} | ${errorLines} | ${window.cpuPercent} | ${window.rssMb} | ${window.load.toFixed(1)} |`;
}

const header = `| visitors | answers/s | cached % | CPU ms/answer | CPU ms/searched | instant p50/p95/p99 ms | full p50/p95/p99 ms | all p95 ms | 429s | errors | error logs | CPU % | RSS MB | load |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|`;
const errorCount = (target: Target) => target.instances.reduce((sum, i) => sum + i.errorLines.length, 0);

async function levelsRun(targets: Target[]) {
  console.log(header);
  const figures: LevelFigures[] = [];
  for (const count of levels) {
    for (const target of targets) {
      const logged = errorCount(target);
      const window = await measure(target, count, seconds * 1000, count * 1000);
      const errorLines = errorCount(target) - logged;
      console.log(row(targets.length > 1 ? `${count} (${target.name})` : String(count), window, errorLines));
      if (target.name === "this") figures.push(levelFigures(count, window.samples, errorLines));
      // Let the answers still on their way finish before the next run starts.
      await sleep(2000);
    }
  }
  for (const line of targetLines(figures, loadAverage(), navigator.hardwareConcurrency)) console.log(line);
}

/** One visitor count for the whole soak, reported a minute at a time; RSS growth is counted from the first minute's end. */
async function soakRun(target: Target) {
  const count = levels[0]!;
  const minutes = Number(values.minutes);
  const background = startBackground(target.base, target.apiKey, target.siteId, root);
  console.log(header.replace("| visitors |", "| minute |"));
  let warm = 0;
  let peak = 0;
  let last = 0;
  for (let minute = 1; minute <= minutes; minute++) {
    const logged = errorCount(target);
    const window = await measure(target, count, 60_000, minute * 100_000);
    console.log(row(String(minute), window, errorCount(target) - logged));
    if (minute === 1) warm = window.rssMb;
    peak = Math.max(peak, window.rssMb);
    last = window.rssMb;
  }
  await background.stop();
  const growth = (((last - warm) / warm) * 100).toFixed(1);
  console.log(
    `soak ${minutes} min at ${count} visitors: RSS after warm-up ${warm} MB, at the end ${last} MB (${growth} %), peak ${peak} MB; ${background.crawls} crawls started, ${background.pushes} pushes; background failures ${background.failures.length}`,
  );
  for (const failure of background.failures.slice(0, 5)) console.log(`  ${failure}`);
  for (const line of target.instances.flatMap((i) => i.errorLines).slice(0, 5)) console.log(`  error log: ${line.slice(0, 300)}`);
}

const targets = [await startTarget("this", here)];
if (values.compare) targets.unshift(await startTarget("compare", values.compare));
console.log(`load average ${loadAverage()} on ${navigator.hardwareConcurrency} CPUs`);
try {
  if (values.soak) await soakRun(targets.at(-1)!);
  else await levelsRun(targets);
} finally {
  await Promise.all(targets.flatMap((t) => t.instances.map((i) => i.stop())));
  for (const path of folders) rmSync(path, { recursive: true, force: true });
}
process.exit(0);
