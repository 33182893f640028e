// The layer rules of docs/architecture.md, checked by `npm run lint:deps` in CI (.ci/run): a forbidden import fails the build.
const useCases = "^server/(sites|ingest|crawl|search|chat|analytics|groups|accounts|connectors|rate-limit|cli)/";
// The use-case folders proper (cli is a caller of them, like routes and the composition root).
const useCaseFolders = "(sites|ingest|crawl|search|chat|analytics|groups|accounts|connectors|rate-limit)";
const entryPoints = "^server/(app|main|deno|cli|worker)[.]ts$";
// Tests and benchmarks build real adapters on purpose (real parts, never mocks); the rules are about the shipped code.
const notTests = "[.](test|bench|e2e)[.]ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "use-case-imports-adapter",
      severity: "error",
      comment: "Use cases depend on server/ports/; the composition root (server/composition/) injects the adapter.",
      from: { path: useCases, pathNot: notTests },
      to: { path: "^server/adapters/" },
    },
    {
      name: "use-case-imports-outer-layer",
      severity: "error",
      comment: "Use cases know nothing of HTTP or of how they are wired: no routes, plugins, composition or entry points.",
      from: { path: useCases, pathNot: notTests },
      to: { path: ["^server/(routes|plugins|composition)/", entryPoints] },
    },
    {
      name: "use-case-imports-other-use-case-internals",
      severity: "error",
      comment:
        "A use-case folder reaches another only through its public entry point (its index.ts, which exports what other " +
        "folders use), so a folder's other files can change without breaking its neighbours.",
      from: { path: `^server/${useCaseFolders}/`, pathNot: notTests },
      to: { path: `^server/${useCaseFolders}/`, pathNot: ["^server/$1/", `^server/${useCaseFolders}/index[.]ts$`] },
    },
    {
      name: "adapter-imports-inner-or-outer-layer",
      severity: "error",
      comment: "Adapters implement ports; they never import use cases, routes, plugins or the composition root.",
      from: { path: "^server/adapters/", pathNot: notTests },
      to: { path: [useCases, "^server/(routes|plugins|auth|composition)/", entryPoints] },
    },
    {
      name: "adapter-imports-other-technology",
      severity: "error",
      comment: "One folder per technology: what two adapters share is a port (e.g. ports/search-outbox.ts), wired by the composition root.",
      from: { path: "^server/adapters/([^/]+)/", pathNot: notTests },
      to: { path: "^server/adapters/", pathNot: "^server/adapters/$1/" },
    },
    {
      name: "http-layer-imports-adapter",
      severity: "error",
      comment: "Routes and plugins call use cases and ports; only the composition root picks adapters.",
      from: { path: "^server/(routes|plugins|auth)/", pathNot: notTests },
      to: { path: "^server/adapters/" },
    },
    {
      name: "port-imports-implementation",
      severity: "error",
      comment: "Ports are interfaces and the types they carry: they import other ports and shared/ only.",
      from: { path: "^server/ports/" },
      to: { path: "^(server|widget|dashboard)/", pathNot: "^server/ports/" },
    },
    {
      name: "widget-imports-server",
      severity: "error",
      comment: "The browser code and the server share only shared/.",
      from: { path: "^(widget|dashboard)/" },
      to: { path: "^server/" },
    },
    {
      name: "server-imports-widget",
      severity: "error",
      comment: "The browser code and the server share only shared/.",
      from: { path: "^server/" },
      to: { path: "^(widget|dashboard)/" },
    },
    {
      name: "shared-imports-ours",
      severity: "error",
      comment: "shared/ is the wire contract: TypeBox schemas, types, limits; it imports nothing of ours but itself.",
      from: { path: "^shared/" },
      to: { path: "^(server|widget|dashboard|tests|bench|examples)/" },
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
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "^dist/", "[.]d[.]ts$"] },
    // Type-only imports count: a use case naming an adapter's type still depends on the adapter.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js", ".mjs", ".json"] },
    moduleSystems: ["es6", "cjs"],
  },
};
