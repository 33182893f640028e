// site-search worker: runs the background work (crawls, embeddings, the search outbox, housekeeping) without the
// HTTP API, until SIGINT/SIGTERM.
// Several such processes may share one PostgreSQL database; running jobs are handed back on a clean stop.
import type { Config } from "./config.ts";
import { createServices } from "./app.ts";
import { holdDataFolder } from "./cli/service-lock.ts";

export async function runWorker(config: Config): Promise<void> {
  const hold = holdDataFolder(config, "site-search worker");
  // createServices starts nothing itself here: this command decides what runs.
  const services = await createServices({ ...config, runWorkers: false });
  await hold.attach(services.commandStores, services.log);
  services.background.start();
  services.log.info("site-search worker running", {
    workerId: services.about.workerId,
    database: services.about.database,
    embeddings: services.about.embeddings,
  });

  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      services.log.info("site-search worker stopping", { signal });
      resolve();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  // close() stops the crawl worker (handing its jobs back), then the embedding queue, then the database.
  await services.close();
  await hold.release();
  process.exit(0);
}
