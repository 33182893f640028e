// The other addresses of stored pages (ports/page-alias-store.ts). An address is either a page's own URL (a row of
// pages) or an alias (a row of page_aliases), never both: linking an address that holds a page merges that page away.
import { sql, type SQL } from "drizzle-orm";
import { rows, type Db } from "./database.ts";
import { writingSites } from "./site-scope.ts";
import type { PageAliasStore as PageAliasStorePort, PageMatch } from "../../ports/page-alias-store.ts";

export class PageAliasStore implements PageAliasStorePort {
  constructor(
    private readonly db: Db,
    /** When an external lexical index (Elasticsearch) mirrors pages, a merge or a move is queued in the outbox too. */
    private readonly useOutbox: boolean,
  ) {}

  async ownerOf(siteId: string, urls: string[]): Promise<string | null> {
    if (urls.length === 0) return null;
    const list = sql`${sql.param(urls)}::text[]`;
    const [row] = await rows<{ url: string }>(
      this.db,
      sql`SELECT url FROM pages WHERE site_id = ${siteId} AND url = ANY(${list})
          UNION ALL
          SELECT p.url FROM page_aliases a JOIN pages p ON p.id = a.page_id WHERE a.site_id = ${siteId} AND a.url = ANY(${list})
          LIMIT 1`,
    );
    return row?.url ?? null;
  }

  async pageWithText(siteId: string, textHash: string, exceptUrl: string): Promise<string | null> {
    const [row] = await rows<{ url: string }>(
      this.db,
      sql`SELECT url FROM pages WHERE site_id = ${siteId} AND text_hash = ${textHash} AND url <> ${exceptUrl} ORDER BY indexed_at, url LIMIT 1`,
    );
    return row?.url ?? null;
  }

  async link(siteId: string, alias: string, ownUrl: string): Promise<void> {
    if (alias === ownUrl) return;
    await writingSites([siteId], () =>
      this.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const [own] = await rows<{ id: string }>(db, sql`SELECT id FROM pages WHERE site_id = ${siteId} AND url = ${ownUrl}`);
        if (!own) return;
        await rows(db, sql`UPDATE page_aliases SET page_id = ${own.id} WHERE page_id IN (SELECT id FROM pages WHERE site_id = ${siteId} AND url = ${alias})`);
        const merged = await rows<{ id: string }>(db, sql`DELETE FROM pages WHERE site_id = ${siteId} AND url = ${alias} RETURNING id`);
        await rows(
          db,
          sql`INSERT INTO page_aliases (site_id, url, page_id) VALUES (${siteId}, ${alias}, ${own.id})
              ON CONFLICT (site_id, url) DO UPDATE SET page_id = excluded.page_id`,
        );
        if (merged.length === 0) return;
        await rows(db, sql`UPDATE sites SET page_count = (SELECT count(*) FROM pages WHERE site_id = ${siteId}), updated_at = now() WHERE id = ${siteId}`);
        if (this.useOutbox) await this.queue(db, siteId, merged, "delete-page");
      }),
    );
  }

  async forget(siteId: string, url: string): Promise<void> {
    await writingSites([siteId], () => rows(this.db, sql`DELETE FROM page_aliases WHERE site_id = ${siteId} AND url = ${url}`));
  }

  async aliasesOf(pageId: string): Promise<string[]> {
    const found = await rows<{ url: string }>(this.db, sql`SELECT url FROM page_aliases WHERE page_id = ${pageId} ORDER BY created_at, url`);
    return found.map((r) => r.url);
  }

  async removeAliased(siteId: string, match: PageMatch): Promise<number> {
    if ("urls" in match && match.urls.length === 0) return 0;
    return writingSites([siteId], () =>
      this.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const forgotten = await rows(db, sql`DELETE FROM page_aliases a WHERE a.site_id = ${siteId} AND ${matches(sql`a.url`, match)} RETURNING 1 AS one`);
        // Each matching page that keeps an alias takes its oldest alias as its own URL: the content stays findable there.
        const moved = await rows<{ id: string }>(
          db,
          sql`WITH heir AS (
                SELECT DISTINCT ON (a.page_id) a.page_id, a.url FROM page_aliases a JOIN pages p ON p.id = a.page_id
                WHERE p.site_id = ${siteId} AND ${matches(sql`p.url`, match)}
                ORDER BY a.page_id, a.created_at, a.url),
              taken AS (DELETE FROM page_aliases a USING heir WHERE a.site_id = ${siteId} AND a.url = heir.url RETURNING heir.page_id, heir.url)
              UPDATE pages p SET url = taken.url FROM taken WHERE p.id = taken.page_id RETURNING p.id`,
        );
        if (this.useOutbox && moved.length > 0) await this.queue(db, siteId, moved, "upsert-page");
        return forgotten.length + moved.length;
      }),
    );
  }

  private async queue(db: Db, siteId: string, pages: Array<{ id: string }>, op: "delete-page" | "upsert-page"): Promise<void> {
    for (const page of pages) await rows(db, sql`INSERT INTO search_outbox (site_id, page_id, op) VALUES (${siteId}, ${page.id}, ${op})`);
  }
}

/** The same matching as the document store's removal: exact URLs, or a regular expression over the URL or its path. */
function matches(url: SQL, match: PageMatch): SQL {
  if ("urls" in match) return sql`${url} = ANY(${sql.param(match.urls)}::text[])`;
  const subject = match.subject === "path" ? sql`coalesce(nullif(substring(${url} from '^[^:]+://[^/?#]*([^?#]*)'), ''), '/')` : url;
  return sql`${subject} ~ ${match.regex}`;
}
