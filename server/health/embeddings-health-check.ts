// The /health check for the embedder: embeds one short query to prove the model (or the API behind it) answers now,
// remembering the answer for a few seconds so that frequent health polls do not become a stream of model calls.
import type { Embedder } from "../ports/embedder.ts";

// A type, not an interface, so that it fits the health route's open-ended check result.
export type EmbeddingsHealth = {
  ok: boolean;
  model: string | null;
  dimensions: number | null;
  pendingChunks: number;
  /** Why the probe failed, when it did. */
  detail?: string;
  /** How long the last probe took, in milliseconds. */
  probeMs?: number;
};

export interface EmbeddingsHealthOptions {
  /** Null when semantic search is switched off: nothing to probe, which is not a fault. */
  embedder: Embedder | null;
  pendingChunks(): Promise<number>;
  /** How long one probe's verdict stands (default 10 s). */
  cacheMs?: number;
  /** A probe slower than this counts as a failure (default 5 s). */
  timeoutMs?: number;
  /** Longest a health request waits for a probe in flight before answering with the previous verdict (default 1 s). */
  waitMs?: number;
  now?: () => number;
}

interface Verdict {
  ok: boolean;
  detail?: string;
  probeMs?: number;
}

// Until a first probe has answered nothing is known against the embedder: a model still loading must not take the instance
// out of a load balancer's rotation, and a load balancer gives up on a health request after a second or two.
const NOT_YET_PROBED: Verdict = { ok: true, detail: "not probed yet: the first probe is still running" };

/** Builds the `embeddings` check; concurrent polls share one probe in flight. */
export function embeddingsHealthCheck(options: EmbeddingsHealthOptions): { name: "embeddings"; check(): Promise<EmbeddingsHealth> } {
  const { cacheMs = 10_000, timeoutMs = 5_000, waitMs = 1_000, now = Date.now } = options;
  let current: { at: number; verdict: Promise<Verdict> } | null = null;
  let settled: Verdict = NOT_YET_PROBED;

  const refresh = (embedder: Embedder): Promise<Verdict> => {
    const at = now();
    if (!current || at - current.at >= cacheMs) {
      const verdict = probe(embedder, timeoutMs);
      void verdict.then((v) => {
        settled = v;
      });
      current = { at, verdict };
    }
    return current.verdict;
  };

  return {
    name: "embeddings",
    async check() {
      const { embedder } = options;
      const pendingChunks = await options.pendingChunks();
      if (!embedder) return { ok: true, model: null, dimensions: null, pendingChunks };
      const { ok, detail, probeMs } = (await within(refresh(embedder), waitMs)) ?? settled;
      return {
        ok,
        model: embedder.model,
        dimensions: embedder.dimensions,
        pendingChunks,
        ...(probeMs === undefined ? {} : { probeMs }),
        ...(detail ? { detail } : {}),
      };
    },
  };
}

/** The promise's value if it settles within `ms`, else null. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function probe(embedder: Embedder, timeoutMs: number): Promise<Verdict> {
  const started = performance.now();
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Raced as well as aborted: an engine still loading its model may not look at the signal until it has loaded.
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`the embedder did not answer within ${timeoutMs} ms`);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    const { vectors } = await Promise.race([embedder.embed({ texts: ["health check"], kind: "query", signal: controller.signal }), deadline]);
    if (vectors.length !== 1 || vectors[0]!.length === 0) return { ok: false, detail: "the embedder answered without a vector", probeMs: elapsed(started) };
    return { ok: true, probeMs: elapsed(started) };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error), probeMs: elapsed(started) };
  } finally {
    clearTimeout(timer);
  }
}

const elapsed = (started: number) => Math.round(performance.now() - started);
