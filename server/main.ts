// Starts the service on Bun: read config, build services, listen.
import { loadConfig } from "./config.ts";
import { createApp, createServices } from "./app.ts";
import { Limits } from "../shared/limits.ts";

const config = loadConfig();
const services = await createServices(config);
const app = createApp(services).listen({ port: config.port, hostname: config.host, maxRequestBodySize: Limits.requestBodyBytes });
services.log.info("site-search listening", { url: `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${app.server?.port}`, database: services.database.kind });

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await app.stop();
    await services.close();
    process.exit(0);
  });
}
