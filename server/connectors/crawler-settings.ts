// The connector parts of crawlerConfig, turned into site columns: a schedule is checked and gives next_crawl_at;
// credentials are sealed into crawler_auth together with the origin (scheme, host, port) they were given for, and
// only their masked form stays in crawler_config (what the API shows). A base URL moved to another origin drops them.
import { isDeepStrictEqual } from "node:util";
import type { CrawlerAuth, CrawlerConfig } from "../../shared/sites.ts";
import { ErrorCode } from "../../shared/errors.ts";
import { badRequest } from "../errors/domain-error.ts";
import { assertValidSchedule, nextRunAfter } from "./crawl-schedule.ts";
import type { SecretBox } from "./secret-box.ts";

export const MASK = "********";
/** Headers the HTTP client owns; sending them from settings would break or smuggle requests. */
const FORBIDDEN_HEADERS = new Set([
  "host",
  "content-length",
  "transfer-encoding",
  "connection",
  "upgrade",
  "te",
  "trailer",
  "keep-alive",
  "proxy-authorization",
  "proxy-connection",
]);

export interface CrawlerColumns {
  crawlerConfig: CrawlerConfig;
  nextCrawlAt?: Date | null;
  crawlerAuth?: string | null;
}

export function maskAuth(auth: CrawlerAuth): CrawlerAuth {
  return {
    ...(auth.headers ? { headers: Object.fromEntries(Object.keys(auth.headers).map((name) => [name, MASK])) } : {}),
    ...(auth.basic ? { basic: { username: auth.basic.username, password: MASK } } : {}),
    ...(auth.cookie ? { cookie: MASK } : {}),
  };
}

/** A client that read the site and sends its crawlerConfig back unchanged must not overwrite the secrets with the mask. */
const isMaskOf = (auth: CrawlerAuth, stored: CrawlerAuth | null | undefined) =>
  stored != null && isDeepStrictEqual(auth, stored) && isDeepStrictEqual(maskAuth(auth), stored);

/** The request headers that carry the credentials. */
export function authHeaders(auth: CrawlerAuth): Record<string, string> {
  const headers: Record<string, string> = { ...auth.headers };
  if (auth.basic) headers.authorization = `Basic ${Buffer.from(`${auth.basic.username}:${auth.basic.password}`).toString("base64")}`;
  if (auth.cookie) headers.cookie = auth.cookie;
  return headers;
}

/** Opened credentials: the request headers and the only origin they may be sent to. */
export interface SiteCredentials {
  origin: string;
  headers: Record<string, string>;
}

/** The base URL before and after the change being saved (`current` is absent when a site is created). */
export interface BaseUrlChange {
  current?: string;
  next: string;
}

const originOf = (url: string) => new URL(url).origin;

export class CrawlerSettings {
  constructor(
    private readonly box: SecretBox | null,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * `patch` is what the request sent; `merged` the whole config after merging it into the stored one. Credentials
   * belong to the base URL's origin: when it moves, stored ones are dropped unless new ones come in the same request.
   */
  async columns(patch: Partial<CrawlerConfig> | undefined, merged: CrawlerConfig, baseUrl: BaseUrlChange, stored?: CrawlerConfig): Promise<CrawlerColumns> {
    const crawlerConfig: CrawlerConfig = { ...merged };
    const columns: CrawlerColumns = { crawlerConfig };
    if (patch?.schedule !== undefined) {
      if (patch.schedule === null) {
        delete crawlerConfig.schedule;
        columns.nextCrawlAt = null;
      } else {
        assertValidSchedule(patch.schedule);
        columns.nextCrawlAt = nextRunAfter(patch.schedule, this.now());
      }
    }
    const moved = baseUrl.current !== undefined && originOf(baseUrl.current) !== originOf(baseUrl.next);
    const fresh = patch?.auth != null && !isMaskOf(patch.auth, stored?.auth);
    if (patch?.auth === null || (moved && !fresh && (stored?.auth || patch?.auth))) {
      // The mask sent back unchanged is no new credential: it cannot carry the old secrets to the new origin.
      delete crawlerConfig.auth;
      columns.crawlerAuth = null;
    } else if (fresh) {
      columns.crawlerAuth = await this.seal(patch!.auth!, originOf(baseUrl.next));
      crawlerConfig.auth = maskAuth(patch!.auth!);
    } else if (patch?.auth) {
      crawlerConfig.auth = stored!.auth!;
    }
    return columns;
  }

  /**
   * The headers to send and the origin they belong to. Rows sealed before origins were stored hold the credentials
   * alone; they are taken to belong to `baseUrl`, the origin they were necessarily given for when nothing moved it.
   */
  async open(sealed: string | null, baseUrl: string): Promise<SiteCredentials | null> {
    if (!sealed) return null;
    // Crawling without them would index the login page; failing says what to fix.
    if (!this.box) throw new Error("The site has crawler credentials but the server has no SECRETS_KEY to decrypt them; set the key they were stored with.");
    const opened = JSON.parse(await this.box.open(sealed)) as { origin?: string; auth?: CrawlerAuth } & CrawlerAuth;
    if (typeof opened.origin === "string" && opened.auth) return { origin: opened.origin, headers: authHeaders(opened.auth) };
    return { origin: originOf(baseUrl), headers: authHeaders(opened) };
  }

  private async seal(auth: CrawlerAuth, origin: string): Promise<string> {
    if (!this.box)
      throw badRequest(
        "crawlerConfig.auth cannot be stored: the server has no SECRETS_KEY to encrypt it with. Set SECRETS_KEY (32 random bytes, base64) and restart.",
        ErrorCode.ValidationFailed,
      );
    for (const name of Object.keys(auth.headers ?? {})) {
      if (FORBIDDEN_HEADERS.has(name.toLowerCase())) throw badRequest(`crawlerConfig.auth.headers may not set ${name}.`, ErrorCode.ValidationFailed);
    }
    if (auth.basic?.username.includes(":"))
      throw badRequest(
        "crawlerConfig.auth.basic.username may not contain a colon (HTTP Basic separates it from the password with one).",
        ErrorCode.ValidationFailed,
      );
    return this.box.seal(JSON.stringify({ origin, auth }));
  }
}
