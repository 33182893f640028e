import { afterAll, beforeAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { rows, type Database } from "./database.ts";
import { StatisticsRefresher } from "./statistics-refresher.ts";
import { openMigratedDatabase } from "../../../tests/fixtures/pglite-image.ts";

let database: Database;
beforeAll(async () => {
  database = await openMigratedDatabase();
}, 60_000);
afterAll(() => database.close());

const analysedAt = async () =>
  (await rows<{ at: string | null }>(database.db, sql`SELECT last_analyze::text AS at FROM pg_stat_user_tables WHERE relname = 'chunks'`))[0]?.at ?? null;

test("one ANALYZE after a burst of changes has been quiet for a while, not one per change", async () => {
  let runs = 0;
  const refresher = new StatisticsRefresher(database.db, { quietMs: 50, minIntervalMs: 0 });
  const original = refresher.refresh.bind(refresher);
  refresher.refresh = async () => {
    runs++;
    await original();
  };
  expect(await analysedAt()).toBeNull();
  for (let i = 0; i < 5; i++) refresher.contentChanged();
  await Bun.sleep(300);
  expect(runs).toBe(1);
  expect(await analysedAt()).not.toBeNull();
  await refresher.close();
});

test("after close, changes schedule nothing", async () => {
  let runs = 0;
  const refresher = new StatisticsRefresher(database.db, { quietMs: 10, minIntervalMs: 0 });
  refresher.refresh = async () => void runs++;
  await refresher.close();
  refresher.contentChanged();
  await Bun.sleep(60);
  expect(runs).toBe(0);
});
