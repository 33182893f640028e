import { describe, expect, test } from "bun:test";
import { PriceTable } from "./price-table.ts";

describe("PriceTable", () => {
  test("matches dated model ids by their longest prefix, then by family, then prices as sonnet", () => {
    const prices = new PriceTable();
    expect(prices.priceOf("claude-opus-4-5-20251101")).toEqual({ input: 5, output: 25 });
    expect(prices.priceOf("claude-3-5-haiku-20241022")).toEqual({ input: 0.8, output: 4 });
    expect(prices.priceOf("claude-haiku-4-5")).toEqual({ input: 1, output: 5 });
    expect(prices.priceOf("claude-opus-9")).toEqual({ input: 15, output: 75 });
    expect(prices.priceOf("llama-3")).toEqual({ input: 3, output: 15 });
  });

  test("costs dollars per million tokens", () => {
    expect(new PriceTable().cost("claude-sonnet-4-5", 1_000_000, 1_000_000)).toBe(18);
  });

  test("MODEL_PRICES_JSON overrides and adds entries", () => {
    const prices = new PriceTable('{"llama-3": {"input": 0, "output": 0}, "sonnet": {"input": 2, "output": 10}}');
    expect(prices.cost("llama-3-70b", 1_000_000, 1_000_000)).toBe(0);
    expect(prices.priceOf("claude-sonnet-4-5")).toEqual({ input: 2, output: 10 });
  });

  test("a malformed MODEL_PRICES_JSON fails with what to write", () => {
    expect(() => new PriceTable("{nope")).toThrow(/MODEL_PRICES_JSON is not valid JSON/);
    expect(() => new PriceTable('{"x": {"input": -1, "output": 1}}')).toThrow(/bad price for "x"/);
  });
});
