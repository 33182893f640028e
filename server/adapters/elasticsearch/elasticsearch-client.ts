// Builds the official Elasticsearch client from our settings, and translates its errors by cause
// (the cluster answered with an error, the network failed, it timed out) into one error type.
import { Client, HttpConnection, errors } from "@elastic/elasticsearch";
import { AppError } from "../../errors/app-error.ts";
import { ConfigError } from "../../errors/config-error.ts";
import { ErrorCode } from "../../../shared/errors.ts";
import type { Config } from "../../config.ts";

export type ElasticsearchSettings = Config["elasticsearch"];

export function createElasticsearchClient(settings: ElasticsearchSettings, opts: { requestTimeoutMs?: number; maxRetries?: number } = {}): Client {
  if (!settings.url) throw new ConfigError("The Elasticsearch lexical engine needs ELASTICSEARCH_URL to be set.");
  if ((settings.username === null) !== (settings.password === null)) {
    throw new ConfigError("Set both ELASTICSEARCH_USERNAME and ELASTICSEARCH_PASSWORD, or neither (or use ELASTICSEARCH_API_KEY).");
  }
  const auth = settings.apiKey
    ? { apiKey: settings.apiKey }
    : settings.username && settings.password
      ? { username: settings.username, password: settings.password }
      : undefined;
  return new Client({
    node: settings.url,
    ...(auth ? { auth } : {}),
    // The default undici connection relies on undici internals that Bun and Deno do not provide; node:http works on all three.
    Connection: HttpConnection,
    // Searches sit on the visitor's request path: fail fast and let the hybrid search fall back to vectors.
    requestTimeout: opts.requestTimeoutMs ?? 10_000,
    maxRetries: opts.maxRetries ?? 1,
  });
}

export type ElasticsearchFailure = "network" | "timeout" | "upstream-error";

export class LexicalIndexUnavailableError extends AppError {
  constructor(
    readonly reason: ElasticsearchFailure,
    message: string,
    readonly upstreamStatus: number | null = null,
    options?: { error?: unknown },
  ) {
    super(503, ErrorCode.UpstreamUnavailable, message);
    this.name = "LexicalIndexUnavailableError";
    if (options?.error !== undefined) this.cause = options.error;
  }
}

/** Turns what the client threw into our error; an abort by the caller stays an abort. */
export function translateElasticsearchError(error: unknown, signal?: AbortSignal): unknown {
  if (error instanceof LexicalIndexUnavailableError) return error;
  if (signal?.aborted || error instanceof errors.RequestAbortedError) return signal?.reason ?? error;
  if (error instanceof errors.TimeoutError) return new LexicalIndexUnavailableError("timeout", "Elasticsearch took too long to respond.", null, { error });
  if (error instanceof errors.ConnectionError || error instanceof errors.NoLivingConnectionsError) {
    return new LexicalIndexUnavailableError("network", "Elasticsearch could not be reached.", null, { error });
  }
  if (error instanceof errors.ResponseError) {
    const status = error.meta.statusCode ?? null;
    const body = error.meta.body as { error?: { type?: string; reason?: string } } | undefined;
    const why = body?.error?.reason ?? body?.error?.type ?? error.message;
    return new LexicalIndexUnavailableError("upstream-error", `Elasticsearch answered with an error${status ? ` (${status})` : ""}: ${why}`, status, { error });
  }
  if (error instanceof errors.ProductNotSupportedError) {
    return new LexicalIndexUnavailableError("upstream-error", "ELASTICSEARCH_URL does not point at an Elasticsearch server.", null, { error });
  }
  return error;
}
