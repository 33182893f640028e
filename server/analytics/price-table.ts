// Estimated model prices in US dollars per million tokens, for the `estimatedCost` of /api/usage.
// Defaults are Anthropic's list prices; MODEL_PRICES_JSON overrides or adds entries, e.g.
// {"claude-sonnet-4": {"input": 3, "output": 15}, "my-local-model": {"input": 0, "output": 0}}.
import { ConfigError } from "../errors/config-error.ts";

export interface ModelPrice {
  /** Dollars per million input tokens. */
  input: number;
  /** Dollars per million output tokens. */
  output: number;
}

/**
 * Keys match a model name by prefix (the longest wins), so dated ids such as claude-haiku-4-5-20251001
 * find their entry. A name no key matches falls back to its family (opus, sonnet, haiku), then to sonnet.
 */
export const defaultModelPrices: Readonly<Record<string, ModelPrice>> = {
  "claude-opus-4-5": { input: 5, output: 25 },
  "claude-opus-4-6": { input: 5, output: 25 },
  "claude-opus-4-1": { input: 15, output: 75 },
  "claude-opus-4-0": { input: 15, output: 75 },
  "claude-opus-4-2": { input: 15, output: 75 },
  "claude-3-opus": { input: 15, output: 75 },
  "claude-3-5-haiku": { input: 0.8, output: 4 },
  "claude-3-haiku": { input: 0.25, output: 1.25 },
  opus: { input: 15, output: 75 },
  sonnet: { input: 3, output: 15 },
  haiku: { input: 1, output: 5 },
};

const FALLBACK = "sonnet";

export class PriceTable {
  private readonly prices: Record<string, ModelPrice>;

  /** `overridesJson` is the raw MODEL_PRICES_JSON; a malformed value fails at start-up with what to fix. */
  constructor(overridesJson?: string | null) {
    this.prices = { ...defaultModelPrices, ...parseOverrides(overridesJson) };
  }

  priceOf(model: string): ModelPrice {
    const name = model.toLowerCase();
    const prefix = Object.keys(this.prices)
      .filter((key) => name.startsWith(key))
      .sort((a, b) => b.length - a.length)[0];
    if (prefix) return this.prices[prefix]!;
    const family = ["opus", "sonnet", "haiku"].find((f) => name.includes(f));
    return this.prices[family ?? FALLBACK]!;
  }

  /** Dollars, rounded to a millionth so sums of many small calls stay stable. */
  cost(model: string, inputTokens: number, outputTokens: number): number {
    const price = this.priceOf(model);
    return Math.round(inputTokens * price.input + outputTokens * price.output) / 1_000_000;
  }
}

function parseOverrides(raw: string | null | undefined): Record<string, ModelPrice> {
  if (raw === undefined || raw === null || raw.trim() === "") return {};
  const fail = (why: string) =>
    new ConfigError(`MODEL_PRICES_JSON ${why}; expected {"<model or prefix>": {"input": <$ per Mtoken>, "output": <$ per Mtoken>}, …}.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw fail("is not valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw fail("must be a JSON object");
  const out: Record<string, ModelPrice> = {};
  for (const [model, price] of Object.entries(parsed)) {
    const { input, output } = (price ?? {}) as Partial<ModelPrice>;
    const ok = (n: unknown) => typeof n === "number" && Number.isFinite(n) && n >= 0;
    if (!ok(input) || !ok(output)) throw fail(`has a bad price for "${model}"`);
    out[model.toLowerCase()] = { input: input!, output: output! };
  }
  return out;
}
