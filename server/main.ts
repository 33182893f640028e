// Starts the service on Bun: read config, hold the data folder, build services, listen.
import { loadConfig } from "./config.ts";
import { createServices } from "./app.ts";
import { ConfigError } from "./errors/config-error.ts";
import { holdDataFolder } from "./cli/service-lock.ts";

const config = loadConfig();
/** A configuration mistake (a held or shared data folder, a malformed key) ends the start with its sentence alone. */
function refuse(error: unknown): never {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`error: ${error.message}`);
  process.exit(2);
}
let hold: ReturnType<typeof holdDataFolder>;
try {
  // Before the database opens: a second process on an embedded folder is what corrupts it.
  hold = holdDataFolder(config, "site-search serve");
} catch (error) {
  refuse(error);
}
const services = await createServices(config).catch(refuse);
await hold.attach(services.commandStores, services.log);
// Bun's own refusals (body size, and headers over --max-http-header-size, which `npm start` raises) are bare responses;
// the app enforces tighter per-route limits itself while reading (plugins/bounded-body.ts) and answers them in JSON.
const app = services.http.listen({ port: config.port, hostname: config.host, maxRequestBodySize: Number.MAX_SAFE_INTEGER });
const url = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${app.server?.port}`;
services.log.info("site-search listening", { url, database: services.about.database });
// First run: while no user exists, a one-time link (24 h, replaced at each start) creates the first owner.
const setupToken = await services.issueSetupLink();
if (setupToken) {
  const link = `${url}/dashboard/setup?token=${setupToken}`;
  console.log(`\nNo user yet. Open this one-time link to create the first user and organisation (valid 24 h):\n\n  ${link}\n`);
  services.log.info("first-run setup link", { link });
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await app.stop();
    await services.close();
    await hold.release();
    process.exit(0);
  });
}
