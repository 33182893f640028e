// The /health check of the database: one round trip, with the engine and the extensions it runs.
import { sql } from "drizzle-orm";
import type { HealthCheck } from "../../ports/health-check.ts";
import { rows, type Database } from "./database.ts";

export function databaseHealthCheck(database: Database): HealthCheck {
  return {
    name: "database",
    check: async () => {
      await rows(database.db, sql`SELECT 1`);
      return { ok: true, engine: database.kind, extensions: [...database.extensions].sort() };
    },
  };
}
