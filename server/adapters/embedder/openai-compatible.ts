// Embeds through any OpenAI-compatible /v1/embeddings API (OpenAI, Ollama, vLLM, TEI, LiteLLM...), in batches,
// retrying rate limits and transient failures, and returning unit-length vectors.
import type { EmbedInput, EmbedOutput, Embedder } from "../../ports/embedder.ts";
import { EmbeddingUnavailableError } from "./embedding-unavailable-error.ts";
import { retryAfterMs } from "./retry-after.ts";
import { unitVector } from "./unit-vector.ts";

export interface OpenAiCompatibleOptions {
  /** Base URL, with or without a trailing `/v1` (a full `/v1/embeddings` URL is accepted too). */
  url: string;
  model: string;
  apiKey?: string | null;
  /** Known vector length; otherwise learned from the first answer (0 until then). */
  dimensions?: number | null;
  /** Put before each query / passage, for models trained with prefixes (E5: "query: ", "passage: "). */
  queryPrefix?: string;
  passagePrefix?: string;
  /** Inputs per request (default 64). */
  batchSize?: number;
  /** Retries after the first attempt on 429, 5xx, network errors and timeouts (default 3). */
  maxRetries?: number;
  /** First backoff delay, doubled on each retry (default 500 ms). */
  retryBaseMs?: number;
  /** Longest wait between attempts, even when Retry-After asks for more (default 20 s). */
  maxRetryDelayMs?: number;
  /** Per-request timeout (default 30 s). */
  timeoutMs?: number;
}

interface EmbeddingsResponse {
  data?: Array<{ index?: number; embedding?: unknown }>;
  usage?: { total_tokens?: number };
}

/** An attempt that may succeed if tried again, and how long the API asked us to wait. */
class RetryableFailure extends Error {
  constructor(
    readonly failure: EmbeddingUnavailableError,
    readonly waitMs: number | null,
  ) {
    super(failure.message);
  }
}

export function embeddingsEndpoint(url: string): string {
  const base = url
    .replace(/\/+$/, "")
    .replace(/\/embeddings$/, "")
    .replace(/\/v1$/, "");
  return `${base}/v1/embeddings`;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

export class OpenAiCompatibleEmbedder implements Embedder {
  readonly model: string;
  private learnedDimensions: number;
  private readonly endpoint: string;
  private readonly options: Required<Omit<OpenAiCompatibleOptions, "apiKey" | "dimensions">> & { apiKey: string | null };
  private readyCheck: Promise<void> | null = null;

  constructor(options: OpenAiCompatibleOptions) {
    this.model = options.model;
    this.learnedDimensions = options.dimensions ?? 0;
    this.endpoint = embeddingsEndpoint(options.url);
    this.options = {
      url: options.url,
      model: options.model,
      apiKey: options.apiKey ?? null,
      queryPrefix: options.queryPrefix ?? "",
      passagePrefix: options.passagePrefix ?? "",
      batchSize: Math.max(1, options.batchSize ?? 64),
      maxRetries: Math.max(0, options.maxRetries ?? 3),
      retryBaseMs: options.retryBaseMs ?? 500,
      maxRetryDelayMs: options.maxRetryDelayMs ?? 20_000,
      timeoutMs: options.timeoutMs ?? 30_000,
    };
  }

  get dimensions(): number {
    return this.learnedDimensions;
  }

  async embed({ texts, kind, signal }: EmbedInput): Promise<EmbedOutput> {
    const started = performance.now();
    signal?.throwIfAborted();
    const prefix = kind === "query" ? this.options.queryPrefix : this.options.passagePrefix;
    const vectors: number[][] = [];
    let tokens = 0;
    for (let i = 0; i < texts.length; i += this.options.batchSize) {
      const batch = texts.slice(i, i + this.options.batchSize).map((text) => prefix + text);
      const result = await this.withRetries(batch, signal);
      vectors.push(...result.vectors);
      tokens += result.tokens;
    }
    return { vectors, tokens, ms: performance.now() - started };
  }

  /** Embeds one probe text: proves the URL, key and model work, and learns the dimensions. Succeeds once, then is remembered. */
  ready(): Promise<void> {
    this.readyCheck ??= this.embed({ texts: ["ready"], kind: "query" }).then(
      () => undefined,
      (error: unknown) => {
        this.readyCheck = null;
        throw error;
      },
    );
    return this.readyCheck;
  }

  private async withRetries(batch: string[], signal?: AbortSignal): Promise<{ vectors: number[][]; tokens: number }> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.request(batch, signal);
      } catch (error) {
        if (!(error instanceof RetryableFailure)) throw error;
        if (attempt >= this.options.maxRetries) throw error.failure;
        const backoff = this.options.retryBaseMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
        await sleep(Math.min(error.waitMs ?? backoff, this.options.maxRetryDelayMs), signal);
      }
    }
  }

  private async request(batch: string[], signal?: AbortSignal): Promise<{ vectors: number[][]; tokens: number }> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.options.timeoutMs);
    const onAbort = () => controller.abort(signal!.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    try {
      let response: Response;
      let text: string;
      try {
        response = await fetch(this.endpoint, {
          method: "POST",
          headers,
          body: JSON.stringify({ model: this.model, input: batch }),
          signal: controller.signal,
        });
        text = await response.text();
      } catch (error) {
        // The caller's abort stays an abort; only our own timer means a timeout.
        if (signal?.aborted) throw signal.reason;
        if (timedOut) {
          const failure = new EmbeddingUnavailableError("timeout", `The embeddings API took longer than ${this.options.timeoutMs} ms to answer.`, null, {
            error,
          });
          throw new RetryableFailure(failure, null);
        }
        const failure = new EmbeddingUnavailableError("network", `The embeddings API at ${this.endpoint} could not be reached.`, null, { error });
        throw new RetryableFailure(failure, null);
      }
      if (!response.ok) throw this.statusFailure(response, text);
      return this.parse(text, batch.length, response.status);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  private statusFailure(response: Response, body: string): Error {
    const status = response.status;
    const detail = errorDetail(body);
    const hint = status === 401 || status === 403 ? " Check EMBEDDINGS_API_KEY." : status === 404 ? " Check EMBEDDINGS_URL and EMBEDDINGS_MODEL." : "";
    const failure = new EmbeddingUnavailableError("upstream-error", `The embeddings API answered ${status}${detail ? `: ${detail}` : "."}${hint}`, status);
    // Rate limits and server errors pass; a bad request or a wrong key will not get better by waiting.
    const retryable = status === 408 || status === 429 || status >= 500;
    return retryable ? new RetryableFailure(failure, retryAfterMs(response.headers.get("retry-after"))) : failure;
  }

  private parse(text: string, expected: number, status: number): { vectors: number[][]; tokens: number } {
    const malformed = (why: string) =>
      new EmbeddingUnavailableError("upstream-error", `The embeddings API sent an answer this service cannot read: ${why}.`, status);
    let body: EmbeddingsResponse;
    try {
      body = JSON.parse(text) as EmbeddingsResponse;
    } catch {
      throw malformed("not JSON");
    }
    if (!Array.isArray(body.data) || body.data.length !== expected) throw malformed(`expected ${expected} embeddings in "data"`);
    // The API does not promise that `data` is in input order; `index` is the contract.
    const sorted = [...body.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    const vectors = sorted.map((item, i) => {
      if (item.index !== undefined && item.index !== i) throw malformed(`"index" values are not 0..${expected - 1}`);
      const v = item.embedding;
      if (!Array.isArray(v) || v.length === 0 || v.some((x) => typeof x !== "number")) throw malformed("an embedding is not an array of numbers");
      return unitVector(v as number[]);
    });
    const length = vectors[0]!.length;
    if (vectors.some((v) => v.length !== length)) throw malformed("embeddings of different lengths");
    if (this.learnedDimensions === 0) this.learnedDimensions = length;
    else if (length !== this.learnedDimensions) {
      throw new EmbeddingUnavailableError(
        "upstream-error",
        `The embeddings API returned ${length}-dimensional vectors, but ${this.learnedDimensions} were expected; check EMBEDDINGS_MODEL and EMBEDDINGS_DIMENSIONS.`,
        status,
      );
    }
    return { vectors, tokens: body.usage?.total_tokens ?? 0 };
  }
}

/** The API's own error sentence, from OpenAI's `{error: {message}}`, a bare `{error: "..."}`, or plain text. */
function errorDetail(body: string): string {
  let detail = body;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string; detail?: string };
    detail = (typeof parsed.error === "string" ? parsed.error : parsed.error?.message) ?? parsed.message ?? parsed.detail ?? body;
  } catch {
    // Not JSON: keep the text.
  }
  detail = detail.replace(/\s+/g, " ").trim();
  return detail.length > 200 ? `${detail.slice(0, 200)}…` : detail;
}
