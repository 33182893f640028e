// The dependency rules (.dependency-cruiser.cjs) are an allow-list: an import no rule allows fails `npm run lint:deps`.
// Probe files that import the wrong way are written into a copy of the tree; the check must flag each of their
// imports and nothing else, so the real tree passes and the probes do not.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dir, "../..");

/** Each probe: a file, its wrong-way imports, and the module (or package) each import resolves to. */
const probes = [
  {
    what: "a use case importing HTTP code",
    file: "server/accounts/boundary-probe.ts",
    imports: { "../auth/health-details-access.ts": "server/auth/health-details-access.ts" },
  },
  {
    what: "the health check importing an adapter and the app",
    file: "server/health/boundary-probe.ts",
    imports: { "../adapters/postgres/database.ts": "server/adapters/postgres/database.ts", "../app.ts": "server/app.ts" },
  },
  {
    what: "a use case throwing an error that names an HTTP status",
    file: "server/groups/boundary-probe.ts",
    imports: { "../errors/app-error.ts": "server/errors/app-error.ts" },
  },
  {
    what: "a text helper importing a use case",
    file: "server/text/boundary-probe.ts",
    imports: { "../search/index.ts": "server/search/index.ts" },
  },
  {
    what: "a route importing a use case's internals instead of its entry file",
    file: "server/routes/boundary-probe.ts",
    imports: { "../crawl/crawl-service.ts": "server/crawl/crawl-service.ts" },
  },
  {
    what: "a use case importing a database library",
    file: "server/sites/boundary-probe.ts",
    imports: { "drizzle-orm": "drizzle-orm" },
  },
  {
    what: "a feature importing a feature it may not use",
    file: "server/search/boundary-probe.ts",
    imports: { "../chat/index.ts": "server/chat/index.ts" },
  },
  {
    what: "the composition root loading Elasticsearch's services whether or not they are configured",
    file: "server/composition/boundary-probe.ts",
    imports: { "./elasticsearch-services.ts": "server/composition/elasticsearch-services.ts" },
  },
];

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** "../main/node_modules/drizzle-orm/index.js" → "drizzle-orm"; null for a file of ours. */
const packageName = (resolved: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(resolved)?.[1] ?? null;

let copy: string;
let violations: Violation[];

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), "boundaries-"));
  for (const entry of ["server", "shared", ".dependency-cruiser.cjs", "tsconfig.json", "package.json"]) {
    cpSync(join(root, entry), join(copy, entry), { recursive: true, filter: (source) => !source.endsWith(".test.ts") });
  }
  symlinkSync(join(root, "node_modules"), join(copy, "node_modules"));
  for (const probe of probes) {
    const lines = Object.keys(probe.imports).map((specifier, i) => `export * as m${i} from "${specifier}";`);
    writeFileSync(join(copy, probe.file), `${lines.join("\n")}\n`);
  }
  const run = Bun.spawn([join(root, "node_modules/.bin/depcruise"), "server", "shared", "--config", ".dependency-cruiser.cjs", "--output-type", "json"], {
    cwd: copy,
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out] = await Promise.all([new Response(run.stdout).text(), run.exited]);
  // `npm run lint:deps` fails when this list is not empty.
  violations = (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}, 120_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe("dependency allow-list", () => {
  for (const probe of probes) {
    test(`refuses ${probe.what}`, () => {
      const flagged = violations.filter((v) => v.from === probe.file).map((v) => packageName(v.to) ?? v.to);
      expect(flagged.sort()).toEqual(Object.values(probe.imports).sort());
    });
  }

  test("allows every import of the real tree", () => {
    const probeFiles = new Set(probes.map((p) => p.file));
    expect(violations.filter((v) => !probeFiles.has(v.from))).toEqual([]);
  });
});
