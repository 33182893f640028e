// The layers of docs/architecture.md as an allow-list, checked by `npm run lint:deps` in CI (.ci/run): an import that no
// rule below allows fails the build. tests/architecture/boundaries.test.ts proves that wrong-way imports are caught.

// The features: what the service does. Each folder is imported from outside only through its index.ts.
const features = [
  "accounts",
  "analytics",
  "chat",
  "chat-budget",
  "connectors",
  "crawl",
  "groups",
  "health",
  "ingest",
  "jobs",
  "rate-limit",
  "search",
  "sites",
];
// Which feature may use which (through the other's index.ts). Kept acyclic: a loop between folders would tie them so
// that neither can change or be tested alone.
const featureArrows = {
  accounts: ["rate-limit"],
  analytics: ["chat-budget"],
  chat: ["search", "sites"],
  "chat-budget": [],
  connectors: ["rate-limit", "jobs"],
  crawl: ["ingest", "jobs"],
  groups: [],
  health: [],
  ingest: ["sites", "jobs"],
  // The background-work machinery (the job runner and the poll loop) knows no feature: each kind of work hands it a
  // handler, so the features use it and it uses none of them.
  jobs: [],
  "rate-limit": [],
  search: [],
  sites: ["connectors"],
};

const any = (names) => `(${names.join("|")})`;
const layer = {
  entryPoints: "^server/(main|deno|cli|worker)[.]ts$",
  app: "^server/app[.]ts$",
  composition: "^server/composition/",
  // HTTP: one route file per resource, the cross-cutting plugins, and the health-details gate.
  http: "^server/(routes|plugins|auth)/",
  cli: "^server/cli/",
  feature: `^server/${any(features)}/`,
  featureEntry: `^server/${any(features)}/index[.]ts$`,
  ports: "^server/ports/",
  adapters: "^server/adapters/",
  // Foundation every layer may use: settings, errors, text and pattern helpers, logging, ids; it imports only itself.
  lib: "^server/((errors|text|patterns)/|(config|logger|new-id|utc-day|request-context|background-thread|thread-pool|housekeeping|trust-proxy)[.]ts$)",
  shared: "^shared/",
};
const base = [layer.lib, layer.shared];
// Libraries of a database, search engine, model or browser: only adapters import them.
const engineLibraries = "(@electric-sql/[^/]+|drizzle-orm|postgres|@elastic/elasticsearch|@anthropic-ai/sdk|onnxruntime-[a-z]+|playwright-core|unpdf|@lat[.]md/[^/]+)";

const allowed = [
  // Tests, benchmarks and scripts build real adapters on purpose (real parts, never mocks): the rules are about shipped code.
  { from: { path: "[.](test|bench|e2e)[.]ts$|^(tests|bench|scripts)/" }, to: {} },
  { from: {}, to: { path: "node_modules/" } },
  // Packages the resolver cannot place (bun:test, subpath exports); a relative import that does not resolve is a type error.
  { from: {}, to: { couldNotResolve: true, path: "^[^.]" } },
  { from: {}, to: { dependencyTypes: ["core"] } },
  { from: { path: layer.shared }, to: { path: layer.shared } },
  { from: { path: "^(widget|dashboard)/" }, to: { path: ["^$1/", layer.shared] } },
  // The dashboard may show the widget it configures; the widget never depends on the dashboard.
  { from: { path: "^dashboard/" }, to: { path: "^widget/" } },
  { from: { path: layer.lib }, to: { path: base } },
  { from: { path: layer.ports }, to: { path: [layer.ports, layer.shared] } },
  // One folder per technology: what two adapters share is a port (such as ports/search-outbox.ts).
  { from: { path: "^server/adapters/([^/]+)/" }, to: { path: ["^server/adapters/$1/", layer.ports, ...base] } },
  // A feature refuses with a DomainError (a code); AppError, which carries an HTTP status, is for the HTTP layer and adapters.
  { from: { path: `^server/${any(features)}/` }, to: { path: ["^server/$1/", layer.ports, ...base], pathNot: "^server/errors/app-error[.]ts$" } },
  ...Object.entries(featureArrows)
    .filter(([, targets]) => targets.length > 0)
    .map(([name, targets]) => ({ from: { path: `^server/${name}/` }, to: { path: `^server/${any(targets)}/index[.]ts$` } })),
  { from: { path: layer.http }, to: { path: [layer.http, layer.featureEntry, layer.ports, ...base] } },
  { from: { path: layer.cli }, to: { path: [layer.cli, layer.featureEntry, layer.ports, ...base] } },
  // The composition root builds every feature over its adapters; it is the only code that names both.
  {
    from: { path: layer.composition },
    to: { path: [layer.composition, layer.feature, layer.adapters, layer.http, layer.cli, layer.ports, ...base] },
  },
  { from: { path: layer.app }, to: { path: [layer.composition, layer.http, layer.ports, ...base] } },
  { from: { path: layer.entryPoints }, to: { path: [layer.entryPoints, layer.app, layer.composition, layer.cli, ...base] } },
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  allowed,
  allowedSeverity: "error",
  forbidden: [
    {
      name: "engine-library-outside-adapters",
      severity: "error",
      comment: "Only server/adapters/ import a database, search-engine, model or browser library; everything else sees ports.",
      from: { path: "^server/", pathNot: ["^server/adapters/", "[.](test|bench|e2e)[.]ts$"] },
      to: { path: [`node_modules/${engineLibraries}/`, `^${engineLibraries}(/|$)`] },
    },
    {
      name: "elasticsearch-loaded-when-configured",
      severity: "error",
      comment:
        "The Elasticsearch client loads only in a process configured for it: outside its own adapter and services, code " +
        "imports them dynamically (or for their types alone), so a deployment without ELASTICSEARCH_URL never loads the package.",
      from: { path: "^server/", pathNot: ["^server/adapters/elasticsearch/", "^server/composition/elasticsearch-services[.]ts$", "[.](test|bench|e2e)[.]ts$"] },
      to: { path: ["^server/adapters/elasticsearch/", "^server/composition/elasticsearch-services[.]ts$"], dependencyTypesNot: ["dynamic-import", "type-only"] },
    },
    {
      name: "server-circular",
      severity: "error",
      comment:
        "A cycle ties modules so neither can change or be tested alone. Exempt: drizzle's schema barrel (schema.ts re-exports " +
        "the table files, which reference its tables), the layout drizzle-kit reads.",
      from: { path: "^server/", pathNot: "^server/adapters/postgres/(schema|[a-z-]+-schema)[.]ts$|^server/adapters/postgres/schema/" },
      to: { circular: true },
    },
  ],
  options: {
    // Packages are listed as dependencies (so the rules above can name them) but not cruised themselves.
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^dist/", "[.]d[.]ts$"] },
    // Type-only imports count: a use case naming an adapter's type still depends on the adapter.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js", ".mjs", ".json"] },
    moduleSystems: ["es6", "cjs"],
  },
};
