// Builds the widget and prints gzip sizes of what a visitor downloads; exits non-zero when a file is over budget (CI).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { scriptTagBuilds } from "../widget/vite.config.ts";

const root = join(import.meta.dir, "..");
const KB = 1024;

/**
 * Search must paint from one small file (26 KB: 25 KB until typing got its request discipline, see docs/decisions.md);
 * chat + markdown arrive on first use (20 KB).
 * Answers are sanitised by the browser's HTML Sanitizer API where it exists; DOMPurify (~11.5 KB gzip, more than half
 * the chat budget alone) is a third file fetched only by browsers without it, so it has a budget of its own.
 */
const budgets = [
  { file: "dist/site-search.js", label: "script tag: search (first load)", budget: 26 * KB },
  { file: "dist/site-search-chat.js", label: "script tag: chat + markdown (on first Ask AI)", budget: 20 * KB },
  { file: "dist/site-search-purify.js", label: "script tag: DOMPurify (no Sanitizer API only)", budget: 12 * KB },
];

// Only the script-tag files have budgets; `--no-build` measures what `npm run build:widget` already wrote.
if (!process.argv.includes("--no-build")) {
  for (const config of scriptTagBuilds) await build({ ...config, logLevel: "error" });
}

let over = false;
for (const { file, label, budget } of budgets) {
  const bytes = readFileSync(join(root, file));
  const gzip = gzipSync(bytes, { level: 9 }).length;
  const ok = gzip <= budget;
  over ||= !ok;
  console.log(
    `${ok ? "ok  " : "OVER"} ${label.padEnd(48)} ${(bytes.length / KB).toFixed(1).padStart(6)} KB raw ${(gzip / KB).toFixed(1).padStart(5)} KB gzip (budget ${budget / KB} KB)`,
  );
}
process.exit(over ? 1 : 0);
