// The stores the CLI's data commands use (orgs, keys, users, reindex), over a database the CLI opened or the service's own.
import type { Config } from "../config.ts";
import { openDatabase, type Database } from "../adapters/postgres/database.ts";
import { AccountStore } from "../adapters/postgres/account-store.ts";
import { PostgresUserStore } from "../adapters/postgres/user-store.ts";
import { PostgresSessionStore } from "../adapters/postgres/session-store.ts";
import { PostgresSearchOutbox } from "../adapters/postgres/search-outbox-store.ts";
import { MemoryRateLimitStore } from "../adapters/memory/rate-limit-store.ts";
import type { CommandStores } from "../cli/command-context.ts";

export function createCommandStores(config: Config, database: Database): CommandStores {
  return {
    accounts: new AccountStore(database.db),
    users: new PostgresUserStore(database.db),
    sessions: new PostgresSessionStore(database.db),
    rateLimits: new MemoryRateLimitStore(),
    // Loaded when used: it brings the Elasticsearch client, which the other commands never need.
    openIndexRebuilder: async () =>
      (await import("../adapters/elasticsearch/index-rebuilder.ts")).elasticsearchIndexRebuilder(config.elasticsearch, new PostgresSearchOutbox(database.db)),
  };
}

/** Opens the database for one command run by the CLI itself; the caller closes it. */
export async function openCommandStores(config: Config): Promise<{ stores: CommandStores; close(): Promise<void> }> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  return { stores: createCommandStores(config, database), close: () => database.close() };
}
