// Deleting a site with Elasticsearch as the lexical engine: the outbox row that tells the index is written in the
// delete's own transaction, so the two commit or fail together.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../server/adapters/postgres/database.ts";
import { AccountStore } from "../../server/adapters/postgres/account-store.ts";
import { SiteStore } from "../../server/adapters/postgres/site-store.ts";
import { searchOutbox } from "../../server/adapters/postgres/schema.ts";
import { defaultCrawlerConfig, defaultPublicAccess, defaultRateLimits } from "../../server/sites/site-settings.ts";
import { rejection } from "../fixtures/rejection.ts";
import { openMigratedDatabase } from "../fixtures/pglite-image.ts";

let database: Database;
let store: SiteStore;
beforeAll(async () => {
  database = await openMigratedDatabase(process.env.DATABASE_URL);
  store = new SiteStore(database.db, { outbox: true });
}, 60_000);
afterAll(() => database.close());

async function newSite() {
  const org = await new AccountStore(database.db).createOrganisation({ name: "delete outbox test", plan: "pro" });
  const site = await store.create({
    orgId: org.id,
    name: "Docs",
    baseUrl: "https://docs.example.com",
    crawlerConfig: defaultCrawlerConfig(),
    publicAccess: defaultPublicAccess(),
    rateLimits: defaultRateLimits(),
  });
  return { orgId: org.id, siteId: site.id };
}

const outboxRows = (siteId: string) =>
  database.db
    .select()
    .from(searchOutbox)
    .where(and(eq(searchOutbox.siteId, siteId), eq(searchOutbox.op, "delete-site")));

describe("deleting a site with the search outbox", () => {
  test("writes the delete-site row with the delete", async () => {
    const { orgId, siteId } = await newSite();
    expect(await store.delete(orgId, siteId)).toBe(true);
    expect(await outboxRows(siteId)).toHaveLength(1);
    expect(await store.get(orgId, siteId)).toBeNull();
  });

  test("when the outbox row cannot be written, the site is not deleted either", async () => {
    const { orgId, siteId } = await newSite();
    // Only CHECK violations of the new row fail it, so nothing else (another test's rows) is touched.
    await database.db.execute(sql.raw(`ALTER TABLE search_outbox ADD CONSTRAINT ops_test_refuse CHECK (site_id <> '${siteId}') NOT VALID`));
    try {
      await rejection(store.delete(orgId, siteId));
    } finally {
      await database.db.execute(sql`ALTER TABLE search_outbox DROP CONSTRAINT ops_test_refuse`);
    }
    expect(await store.get(orgId, siteId)).not.toBeNull();
    expect(await outboxRows(siteId)).toHaveLength(0);
  });

  test("a deleted site that does not exist writes nothing", async () => {
    const { orgId } = await newSite();
    expect(await store.delete(orgId, "site_missing")).toBe(false);
    expect(await outboxRows("site_missing")).toHaveLength(0);
  });
});
