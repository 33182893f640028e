// Times the parsers that read tenant-supplied programs on hostile input: 1 MB sitemaps built to trip a parser
// (unclosed tags, deep nesting, entity floods) and 200 catastrophic URL-boost regexes over 10,000 URLs.
// Reports wall and CPU time (CPU is steadier on a shared machine). Usage: bun bench/hostile-input.ts [runs=3]
import { parseSitemap } from "../server/crawl/sitemap.ts";
import { compileUrlPatternSet } from "../server/patterns/url-pattern-set.ts";
import { compileUrlPattern } from "../server/patterns/url-pattern.ts";

const runs = Number(process.argv[2] ?? 3);
const MB = 1024 * 1024;
const fill = (head: string, unit: string) => head + unit.repeat(Math.floor((MB - head.length) / unit.length));

const sitemaps: Record<string, string> = {
  "unclosed <loc> tags": fill("<urlset>", "<loc>"),
  "unclosed <loc> with text": fill("<urlset>", "<loc>https://e.com/a"),
  "one 1 MB <loc>": fill("<urlset><url><loc>https://e.com/", "a"),
  "bare & flood": fill("<urlset><url><loc>https://e.com/?", "a&b"),
  "&amp; flood": fill("<urlset><url><loc>https://e.com/?", "&amp;"),
  "deep nesting": fill("<urlset>", "<a>"),
  "real shape, 12,000 URLs": `<urlset>${Array.from({ length: 12_000 }, (_, i) => `<url><loc>https://e.com/page/${i}</loc><lastmod>2024-01-01</lastmod></url>`).join("")}</urlset>`,
};

function measure(work: () => unknown): { wall: number; cpu: number } {
  const started = performance.now();
  const cpu = process.cpuUsage();
  work();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
}

const best = (work: () => unknown) => {
  const all = Array.from({ length: runs }, () => measure(work));
  return { wall: Math.min(...all.map((m) => m.wall)), cpu: Math.min(...all.map((m) => m.cpu)) };
};
const row = (name: string, m: { wall: number; cpu: number }) => console.log(`| ${name} | ${m.wall.toFixed(1)} | ${m.cpu.toFixed(1)} |`);

console.log(`best of ${runs}\n| sitemap (1 MB) | wall ms | CPU ms |\n|---|---|---|`);
for (const [name, xml] of Object.entries(sitemaps))
  row(
    name,
    best(() => parseSitemap(xml)),
  );

const urls = Array.from({ length: 10_000 }, (_, i) => `https://docs.example.com/p${i}/${"a".repeat(31)}!`);
const patterns = Array.from({ length: 200 }, (_, k) => `/^https:\\/\\/docs\\.example\\.com\\/(?:){${k}}(a+)+$/`);
console.log("\n| regex case | wall ms | CPU ms |\n|---|---|---|");
row(
  "compile 200 catastrophic boosts as one set",
  measure(() => compileUrlPatternSet(patterns)),
);
row(
  "200 boosts × 10,000 URLs (set, cold memo)",
  measure(() => {
    for (const u of urls) compileUrlPatternSet(patterns).matching(u);
  }),
);
const single = compileUrlPattern(patterns[7]!);
row(
  "one catastrophic pattern × 10,000 URLs (delete)",
  best(() => {
    for (const u of urls) single.test(u);
  }),
);
