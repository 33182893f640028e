#!/usr/bin/env node
// Runs the command line on Bun (installed as an npm dependency), so `npx site-search …` works with only Node.js.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const bunBin = require.resolve("bun/bin/bun.exe");
const cli = fileURLToPath(new URL("../server/cli.ts", import.meta.url));
// Bun's header limit is raised so the service's own JSON 431 (limits.ts) is what clients see, not Bun's bare one.
const result = spawnSync(bunBin, ["--max-http-header-size=131072", cli, ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
