// Starts the service on Deno: the same app, served by Deno.serve through Elysia's web-standard fetch handler.
import { loadConfig } from "./config.ts";
import { createServices } from "./app.ts";
import { holdDataFolder } from "./cli/service-lock.ts";

declare const Deno: {
  serve(
    opts: { port: number; hostname: string; onListen?: (addr: { port: number }) => void },
    handler: (req: Request) => Response | Promise<Response>,
  ): unknown;
};

const config = loadConfig();
// The embedded folder has one writer: this process, which runs other processes' CLI commands for them.
const hold = holdDataFolder(config, "site-search serve (Deno)");
const services = await createServices(config);
await hold.attach(services.commandStores, services.log);
const app = services.http;
Deno.serve({ port: config.port, hostname: config.host, onListen: ({ port }) => services.log.info("site-search listening (Deno)", { port }) }, (request) =>
  app.fetch(request),
);
// First run, as on Bun: a one-time link creates the first owner while no user exists.
const setupToken = await services.issueSetupLink();
if (setupToken)
  console.log(
    `\nNo user yet. Open this one-time link to create the first user and organisation (valid 24 h):\n\n  http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}/dashboard/setup?token=${setupToken}\n`,
  );
