// The traffic benchmark's searches one after another, for a CPU figure steadier than concurrent visitors give on a
// shared machine: the 12 questions typed out, an instant search at every keystroke and a full one at each word's end
// (446 searches a pass), keyword side only (no embedder), on the httpd manual pushed into PGlite in memory. Each pass
// after the first (caches warm) prints each thread's CPU ms per search, read from /proc. With --compare, another
// checkout's code runs the same passes in a process of its own, after this one's.
// Usage: bun bench/traffic-replay.ts [--passes 2] [--compare ROOT] [--site DIR]
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { passes: { type: "string", default: "2" }, compare: { type: "string" }, site: { type: "string" }, child: { type: "string" } },
});
const site = values.site ?? new URL("../../shared/data/httpd-docs/site/", import.meta.url).pathname;

/** CPU ms so far per thread of this process, by name and id. */
function threadMs(): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync("/proc/self/task")) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    out.set(`${stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"))}#${tid}`, (Number(fields[11]) + Number(fields[12])) * 10);
  }
  return out;
}

const htmlFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? htmlFiles(path) : path.endsWith(".html") ? [path] : [];
  });

/** In the child: the code of `root`, seeded and searched. */
async function replay(root: string): Promise<void> {
  const { loadConfig } = await import(join(root, "server/config.ts"));
  const { createServices } = await import(join(root, "server/app.ts"));
  const { questions } = await import(join(root, "bench/traffic-visitor.ts"));
  const services = await createServices(loadConfig({ ...process.env, DATA_DIR: "memory://", LOG_LEVEL: "warn", RUN_WORKERS: "false" }), { embedder: null });
  const org = await services.accounts.createOrganisation({ name: "replay", plan: "enterprise" });
  const { siteId } = await services.sites.create(org.id, { name: "httpd manual", baseUrl: "https://httpd.bench.example/" });
  const files = htmlFiles(site);
  for (let i = 0; i < files.length; i += 50) {
    const pages = files.slice(i, i + 50).map((file) => ({ url: `https://httpd.bench.example/${relative(site, file)}`, content: readFileSync(file, "utf8") }));
    await services.ingest.ingestBatch(pages, { orgId: org.id, siteId, source: "api" });
  }
  const search = (query: string, speed: "instant" | "full") => services.search.hybrid.search({ siteIds: [siteId], query, limit: 10, minScore: 0.3, speed });
  const pass = async () => {
    let n = 0;
    for (const question of questions as string[]) {
      for (let end = 2; end <= question.length; end++) {
        await search(question.slice(0, end), "instant");
        n++;
        if (end === question.length || question[end] === " ") {
          await search(question.slice(0, end), "full");
          n++;
        }
      }
    }
    return n;
  };
  await pass();
  for (let p = 1; p <= Number(values.passes); p++) {
    const before = threadMs();
    const n = await pass();
    const each = [...threadMs()]
      .map(([name, ms]) => [name.replace(/#\d+$/, ""), (ms - (before.get(name) ?? 0)) / n] as const)
      .filter(([, ms]) => ms >= 0.02)
      .sort((a, b) => b[1] - a[1]);
    console.log(`${root}: pass ${p}, ${n} searches; CPU ms per search ${each.map(([name, ms]) => `${name} ${ms.toFixed(2)}`).join(", ")}`);
  }
  await services.close();
}

if (values.child) {
  await replay(values.child);
  process.exit(0);
}
const here = new URL("..", import.meta.url).pathname;
for (const root of [here, ...(values.compare ? [values.compare] : [])]) {
  const child = Bun.spawn([process.execPath, import.meta.path, "--child", root, "--passes", values.passes!, "--site", site], {
    cwd: root,
    stdout: "inherit",
    stderr: "inherit",
  });
  await child.exited;
}
