// Starts the service on Bun: read config, hold the data folder, build services, listen.
import { loadConfig } from "./config.ts";
import { createApp, createServices } from "./app.ts";
import { ConfigError } from "./errors/app-error.ts";
import { holdDataFolder } from "./cli/service-lock.ts";

const config = loadConfig();
let hold;
try {
  // Before the database opens: a second process on an embedded folder is what corrupts it.
  hold = holdDataFolder(config, "site-search serve");
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`error: ${error.message}`);
  process.exit(2);
}
const services = await createServices(config);
await hold.attach(services.database, services.log);
// Bun's own refusals (body size, and headers over --max-http-header-size, which `npm start` raises) are bare responses;
// the app enforces tighter per-route limits itself while reading (plugins/bounded-body.ts) and answers them in JSON.
const app = createApp(services).listen({ port: config.port, hostname: config.host, maxRequestBodySize: Number.MAX_SAFE_INTEGER });
services.log.info("site-search listening", { url: `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${app.server?.port}`, database: services.database.kind });

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await app.stop();
    await services.close();
    await hold.release();
    process.exit(0);
  });
}
