// Starts the service on Bun: read config, build services, listen.
import { loadConfig } from "./config.ts";
import { createApp, createServices } from "./app.ts";
import { Limits } from "../shared/limits.ts";

const config = loadConfig();
const services = await createServices(config);
const app = createApp(services).listen({ port: config.port, hostname: config.host, maxRequestBodySize: Limits.requestBodyBytes });
const url = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${app.server?.port}`;
services.log.info("site-search listening", { url, database: services.database.kind });
// First run: while no user exists, a one-time link (24 h, replaced at each start) creates the first owner.
const setupToken = await services.accountServices.setup.issueSetupLink();
if (setupToken) {
  const link = `${url}/dashboard/setup?token=${setupToken}`;
  console.log(`\nNo user yet. Open this one-time link to create the first user and organisation (valid 24 h):\n\n  ${link}\n`);
  services.log.info("first-run setup link", { link });
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await app.stop();
    await services.close();
    process.exit(0);
  });
}
