// Starts the service on Bun: read config, build services, listen.
import { loadConfig } from "./config.ts";
import { createApp, createServices } from "./app.ts";

const config = loadConfig();
const services = await createServices(config);
// Bun's own refusals (body size, and headers over --max-http-header-size, which `npm start` raises) are bare responses;
// the app enforces tighter per-route limits itself while reading (plugins/bounded-body.ts) and answers them in JSON.
const app = createApp(services).listen({ port: config.port, hostname: config.host, maxRequestBodySize: Number.MAX_SAFE_INTEGER });
services.log.info("site-search listening", { url: `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${app.server?.port}`, database: services.database.kind });

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await app.stop();
    await services.close();
    process.exit(0);
  });
}
