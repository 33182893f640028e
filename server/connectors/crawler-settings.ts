// The connector parts of crawlerConfig, turned into site columns: a schedule is checked and gives next_crawl_at;
// credentials are sealed into crawler_auth and only their masked form stays in crawler_config (what the API shows).
import { isDeepStrictEqual } from "node:util";
import type { CrawlerAuth, CrawlerConfig } from "../../shared/sites.ts";
import { ErrorCode } from "../../shared/errors.ts";
import { badRequest } from "../errors/app-error.ts";
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

export class CrawlerSettings {
  constructor(
    private readonly box: SecretBox | null,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** `patch` is what the request sent; `merged` the whole config after merging it into the stored one. */
  async columns(patch: Partial<CrawlerConfig> | undefined, merged: CrawlerConfig, stored?: CrawlerConfig): Promise<CrawlerColumns> {
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
    if (patch?.auth !== undefined) {
      if (patch.auth === null) {
        delete crawlerConfig.auth;
        columns.crawlerAuth = null;
      } else if (isMaskOf(patch.auth, stored?.auth)) {
        crawlerConfig.auth = stored!.auth!;
      } else {
        columns.crawlerAuth = await this.seal(patch.auth);
        crawlerConfig.auth = maskAuth(patch.auth);
      }
    }
    return columns;
  }

  async open(sealed: string | null): Promise<CrawlerAuth | null> {
    if (!sealed) return null;
    // Crawling without them would index the login page; failing says what to fix.
    if (!this.box) throw new Error("The site has crawler credentials but the server has no SECRETS_KEY to decrypt them; set the key they were stored with.");
    return JSON.parse(await this.box.open(sealed)) as CrawlerAuth;
  }

  private async seal(auth: CrawlerAuth): Promise<string> {
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
    return this.box.seal(JSON.stringify(auth));
  }
}
