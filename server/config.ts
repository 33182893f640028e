// Every setting of the service, read from the environment once at start-up, validated, with defaults.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError } from "./errors/config-error.ts";
import { Limits } from "../shared/limits.ts";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy.ts";

export interface Config {
  port: number;
  host: string;
  /** postgres://… selects a PostgreSQL server; unset selects embedded PGlite in dataDir. */
  databaseUrl: string | null;
  /** Where PGlite keeps its files; "memory://" keeps nothing (tests). */
  dataDir: string;
  anthropic: { apiKey: string | null; model: string; baseUrl: string | null };
  embeddings: {
    url: string | null;
    model: string | null;
    apiKey: string | null;
    dimensions: number | null;
    /** The built-in model's engine: auto = ONNX Runtime where its native binding loads, else WASM. */
    engine: "auto" | "onnx" | "wasm";
    /** The ONNX engine's query lane: fp32, or q8 (8-bit block weights; query vectors are never stored). */
    queryPrecision: "fp32" | "q8";
    /** Where the ONNX file built from the shipped weights is kept. */
    cacheDir: string;
  };
  lexicalEngine: "auto" | "pg_textsearch" | "postgres-fts" | "elasticsearch";
  elasticsearch: { url: string | null; apiKey: string | null; username: string | null; password: string | null; indexPrefix: string };
  rateLimitStore: "memory" | "postgres";
  /** Which X-Forwarded-For entry is the visitor: see trust-proxy.ts and docs/configuration.md. */
  trustProxy: TrustProxy;
  chatSessionTtlSeconds: number;
  crawl: {
    allowPrivateNetworks: boolean;
    /** CRAWL_TRUSTED_HOSTS: host names crawled even though they resolve to private addresses (e.g. docs.internal). */
    trustedHosts: string[];
    chromiumPath: string;
    userAgent: string;
    /** Crawl jobs one worker process runs at once. */
    jobsPerWorker: number;
    /** A running job's lease; a job whose worker stops renewing it is taken over after this long. */
    leaseSeconds: number;
    /** Requests in flight per host, and the least gap between their starts (robots.txt Crawl-delay widens it). */
    hostConcurrency: number;
    hostIntervalMs: number;
    /** One page fetch, redirects and body included. */
    fetchTimeoutMs: number;
    /** Claims of one job (worker deaths) before it is failed instead of resumed again. */
    maxAttempts: number;
  };
  /** Webhooks, schedules and protected sites (connectors/connectors-module.ts). */
  connectors: {
    /** Seconds before the first webhook retry; each further retry waits twice as long (at most an hour). */
    webhookRetryBaseSeconds: number;
    /** SECRETS_KEY: 32 bytes, base64 or hex, that encrypts crawler credentials at rest; null refuses to store them. */
    secretsKey: string | null;
  };
  /** Run the crawl and embedding workers inside the API process (the single-machine default). */
  runWorkers: boolean;
  jobs: {
    /** JOB_DEAD_LETTER_RETENTION_DAYS: jobs given up on stay this long for an operator to read, then go. */
    deadLetterRetentionDays: number;
  };
  /** Worker threads that clean and chunk pages off the API thread; 0 does it on the calling thread. */
  preparationWorkers: number;
  analytics: {
    retentionDays: number;
    /** ANALYTICS_SALT; null: one is generated at first start and kept in the database (instance_settings). */
    salt: string | null;
    /** MODEL_PRICES_JSON, raw; parsed and checked by analytics/price-table.ts. */
    modelPricesJson: string | null;
  };
  /** Folder holding the built script-tag widget (site-search.js, site-search-chat.js), served at the root. */
  widgetDir: string;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** Who sees /health's checks beside its status: callers with an API key (default), or anyone. */
  healthDetails: "key" | "public";
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}; it is "${raw}".`);
  return n;
}

function seconds(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) throw new ConfigError(`${name} must be a number of seconds from ${min} to ${max}; it is "${raw}".`);
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === "") return fallback;
  if (["1", "true", "yes", "on"].includes(raw)) return true;
  if (["0", "false", "no", "off"].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false; it is "${env[name]}".`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new ConfigError(`${name} must be one of ${allowed.join(", ")}; it is "${raw}".`);
  return raw as T;
}

const str = (env: Env, name: string): string | null => (env[name] && env[name]!.trim() !== "" ? env[name]!.trim() : null);

function url(env: Env, name: string, schemes: string[]): string | null {
  const raw = str(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL (${schemes.join(" or ")}); it is "${raw}".`);
  }
  if (!schemes.includes(parsed.protocol.replace(":", ""))) throw new ConfigError(`${name} must start with ${schemes.map((s) => `${s}://`).join(" or ")}.`);
  return raw;
}

function trustProxy(env: Env): TrustProxy {
  try {
    return parseTrustProxy(str(env, "TRUST_PROXY"));
  } catch (error) {
    throw new ConfigError(
      `TRUST_PROXY must be false, true (one proxy), a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges: ${(error as Error).message}.`,
    );
  }
}

/** Beside the embedded database; a memory:// database has no folder, so the system temp folder. */
function modelCacheDir(dataDir: string): string {
  return dataDir.startsWith("memory://") ? join(tmpdir(), "site-search-models") : join(dataDir, "models");
}

function embeddingSettings(env: Env): Config["embeddings"] {
  return {
    url: url(env, "EMBEDDINGS_URL", ["http", "https"]),
    model: str(env, "EMBEDDINGS_MODEL"),
    apiKey: str(env, "EMBEDDINGS_API_KEY"),
    dimensions: env.EMBEDDINGS_DIMENSIONS ? int(env, "EMBEDDINGS_DIMENSIONS", 384, 1, 16000) : null,
    engine: oneOf(env, "EMBEDDER_ENGINE", ["auto", "onnx", "wasm"] as const, "auto"),
    queryPrecision: oneOf(env, "EMBEDDER_QUERY_PRECISION", ["fp32", "q8"] as const, "fp32"),
    cacheDir: str(env, "EMBEDDER_CACHE_DIR") ?? modelCacheDir(str(env, "DATA_DIR") ?? "./data"),
  };
}

function elasticsearchSettings(env: Env, clusterUrl: string | null): Config["elasticsearch"] {
  return {
    url: clusterUrl,
    apiKey: str(env, "ELASTICSEARCH_API_KEY"),
    username: str(env, "ELASTICSEARCH_USERNAME"),
    password: str(env, "ELASTICSEARCH_PASSWORD"),
    indexPrefix: str(env, "ELASTICSEARCH_INDEX_PREFIX") ?? "site-search",
  };
}

function crawlSettings(env: Env): Config["crawl"] {
  return {
    allowPrivateNetworks: bool(env, "CRAWL_ALLOW_PRIVATE_NETWORKS", false),
    trustedHosts: (str(env, "CRAWL_TRUSTED_HOSTS") ?? "")
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter((h) => h !== ""),
    chromiumPath: str(env, "CHROMIUM_PATH") ?? "/usr/bin/chromium",
    userAgent: str(env, "CRAWL_USER_AGENT") ?? "site-search-bot/0.1 (+https://github.com/site-search/site-search)",
    jobsPerWorker: int(env, "CRAWL_JOBS_PER_WORKER", 2, 1, 100),
    leaseSeconds: int(env, "CRAWL_LEASE_SECONDS", 60, 1, 3600),
    hostConcurrency: int(env, "CRAWL_HOST_CONCURRENCY", 2, 1, 64),
    hostIntervalMs: int(env, "CRAWL_HOST_INTERVAL_MS", 200, 0, 60_000),
    fetchTimeoutMs: int(env, "CRAWL_FETCH_TIMEOUT_SECONDS", 15, 1, 300) * 1000,
    maxAttempts: int(env, "CRAWL_MAX_ATTEMPTS", 3, 1, 100),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const elasticsearchUrl = url(env, "ELASTICSEARCH_URL", ["http", "https"]);
  const lexicalEngine = oneOf(env, "LEXICAL_ENGINE", ["auto", "pg_textsearch", "postgres-fts", "elasticsearch"] as const, "auto");
  if (lexicalEngine === "elasticsearch" && !elasticsearchUrl) throw new ConfigError("LEXICAL_ENGINE=elasticsearch needs ELASTICSEARCH_URL to be set.");
  return {
    port: int(env, "PORT", 3000, 0, 65535),
    host: str(env, "HOST") ?? "0.0.0.0",
    databaseUrl: url(env, "DATABASE_URL", ["postgres", "postgresql"]),
    dataDir: str(env, "DATA_DIR") ?? "./data",
    widgetDir: str(env, "WIDGET_DIR") ?? fileURLToPath(new URL("../dist", import.meta.url)),
    anthropic: {
      apiKey: str(env, "ANTHROPIC_API_KEY"),
      model: str(env, "ANTHROPIC_MODEL") ?? "claude-sonnet-5-5",
      baseUrl: url(env, "ANTHROPIC_BASE_URL", ["http", "https"]),
    },
    embeddings: embeddingSettings(env),
    lexicalEngine: elasticsearchUrl && lexicalEngine === "auto" ? "elasticsearch" : lexicalEngine,
    elasticsearch: elasticsearchSettings(env, elasticsearchUrl),
    rateLimitStore: oneOf(env, "RATE_LIMIT_STORE", ["memory", "postgres"] as const, "memory"),
    trustProxy: trustProxy(env),
    chatSessionTtlSeconds: int(env, "CHAT_SESSION_TTL_SECONDS", Limits.chatSessionTtlSeconds, 60, 30 * 24 * 3600),
    crawl: crawlSettings(env),
    connectors: {
      webhookRetryBaseSeconds: seconds(env, "WEBHOOK_RETRY_BASE_SECONDS", 10, 0.01, 30),
      secretsKey: str(env, "SECRETS_KEY"),
    },
    runWorkers: bool(env, "RUN_WORKERS", true),
    jobs: { deadLetterRetentionDays: int(env, "JOB_DEAD_LETTER_RETENTION_DAYS", 30, 1, 3650) },
    // One per core but the one the API thread keeps for requests.
    preparationWorkers: int(env, "PREPARATION_WORKERS", Math.max(1, Math.min(8, (globalThis.navigator?.hardwareConcurrency ?? 2) - 1)), 0, 64),
    analytics: {
      retentionDays: int(env, "ANALYTICS_RETENTION_DAYS", 90, 1, 3650),
      salt: str(env, "ANALYTICS_SALT"),
      modelPricesJson: str(env, "MODEL_PRICES_JSON"),
    },
    healthDetails: oneOf(env, "HEALTH_DETAILS", ["key", "public"] as const, "key"),
    logLevel: oneOf(env, "LOG_LEVEL", ["debug", "info", "warn", "error", "silent"] as const, "info"),
  };
}
