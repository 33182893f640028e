import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { MiniLmWasmEmbedder } from "./minilm-wasm.ts";

const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
const length = (v: number[]) => Math.sqrt(dot(v, v));
const words = "the crawler fetches each page extracts its readable text and splits it into chunks for search".split(" ");
const longPassage = (n: number) => Array.from({ length: 200 }, (_, k) => words[(k * 5 + n) % words.length]).join(" ");

const FOX = "The quick brown fox jumps over the lazy dog.";
// Recorded from this engine (matches sentence-transformers' all-MiniLM-L6-v2 to 4 places).
const FOX_HEAD = [0.043958, 0.058997, 0.04823, 0.07766, 0.026797, -0.037702];
const FOX_PARAPHRASE_COSINE = 0.701336;

describe("MiniLM WASM embedder", () => {
  let embedder: MiniLmWasmEmbedder;
  beforeAll(async () => {
    embedder = new MiniLmWasmEmbedder({ passageBatchSize: 2 });
    await embedder.ready();
  }, 60_000);
  afterAll(() => embedder.close());

  describe("identity", () => {
    test("names all-MiniLM-L6-v2 with 384 dimensions", () => {
      expect(embedder.model).toBe("all-MiniLM-L6-v2");
      expect(embedder.dimensions).toBe(384);
    });
  });

  describe("model output", () => {
    test("embeds a fixed sentence to the recorded components", async () => {
      const { vectors, tokens } = await embedder.embed({ texts: [FOX], kind: "query" });
      expect(vectors[0]).toHaveLength(384);
      for (const [i, x] of FOX_HEAD.entries()) expect(Math.abs(vectors[0]![i]! - x)).toBeLessThan(1e-4);
      expect(tokens).toBe(0);
    });

    test("keeps the recorded similarity of two paraphrases", async () => {
      const { vectors } = await embedder.embed({ texts: [FOX, "A fast auburn fox leaps over a sleepy hound."], kind: "query" });
      expect(Math.abs(dot(vectors[0]!, vectors[1]!) - FOX_PARAPHRASE_COSINE)).toBeLessThan(1e-4);
    });

    test("returns unit-length vectors", async () => {
      const { vectors } = await embedder.embed({ texts: ["short", longPassage(1)], kind: "query" });
      for (const v of vectors) expect(Math.abs(length(v) - 1)).toBeLessThan(1e-5);
    });

    test("puts a query closer to the relevant passage than to an unrelated one", async () => {
      const query = (await embedder.embed({ texts: ["how do I reset my password"], kind: "query" })).vectors[0]!;
      const { vectors } = await embedder.embed({
        texts: [
          "To change a forgotten password, open the sign-in page and follow the reset link sent to your email.",
          "The museum's summer exhibition shows landscape paintings from the nineteenth century.",
        ],
        kind: "passage",
      });
      expect(dot(query, vectors[0]!)).toBeGreaterThan(dot(query, vectors[1]!) + 0.2);
    });

    test("answers an empty list with no vectors", async () => {
      expect((await embedder.embed({ texts: [], kind: "passage" })).vectors).toEqual([]);
    });
  });

  describe("passages on the worker thread", () => {
    test("gives the same vectors as the query engine, in input order", async () => {
      const texts = ["first passage about search", FOX, "third passage about answers"];
      const passages = await embedder.embed({ texts, kind: "passage" });
      const queries = await embedder.embed({ texts, kind: "query" });
      expect(passages.vectors).toHaveLength(3);
      for (const [i, v] of passages.vectors.entries()) expect(Math.max(...v.map((x, k) => Math.abs(x - queries.vectors[i]![k]!)))).toBeLessThan(1e-6);
    });

    test("answers a query while a long passage batch runs", async () => {
      let batchDone = false;
      const batch = embedder.embed({ texts: [0, 1].map(longPassage), kind: "passage" }).then((out) => {
        batchDone = true;
        return out;
      });
      const started = performance.now();
      await embedder.embed({ texts: ["where is the configuration file"], kind: "query" });
      const queryMs = performance.now() - started;
      expect(batchDone).toBe(false);
      // A query on the main engine takes tens of milliseconds; waiting for the batch would take seconds.
      expect(queryMs).toBeLessThan(1000);
      expect((await batch).vectors).toHaveLength(2);
    });

    test("rejects with the caller's reason when aborted, and keeps working", async () => {
      const controller = new AbortController();
      const batch = embedder.embed({ texts: [0, 1, 2, 3, 4, 5].map(longPassage), kind: "passage", signal: controller.signal });
      controller.abort(new Error("stop"));
      await expect(batch).rejects.toThrow("stop");
      const { vectors } = await embedder.embed({ texts: ["still here"], kind: "passage" });
      expect(vectors).toHaveLength(1);
    });
  });

  describe("closing", () => {
    test("rejects the batches in progress, and a later batch starts a new worker", async () => {
      const closable = new MiniLmWasmEmbedder();
      const batch = closable.embed({ texts: ["one", "two"], kind: "passage" });
      closable.close();
      await expect(batch).rejects.toThrow("closed");
      expect((await closable.embed({ texts: ["three"], kind: "passage" })).vectors).toHaveLength(1);
      closable.close();
    });
  });

  describe("passages on the main thread", () => {
    test("embeds them between queries when no worker is wanted", async () => {
      const inline = new MiniLmWasmEmbedder({ passageWorkers: 0, passageBatchSize: 1 });
      const { vectors } = await inline.embed({ texts: [FOX, "another"], kind: "passage" });
      for (const [i, x] of FOX_HEAD.entries()) expect(Math.abs(vectors[0]![i]! - x)).toBeLessThan(1e-4);
      expect(vectors).toHaveLength(2);
    });

    test("refuses a call whose signal is already aborted", async () => {
      const inline = new MiniLmWasmEmbedder({ passageWorkers: 0 });
      await expect(inline.embed({ texts: ["x"], kind: "passage", signal: AbortSignal.abort() })).rejects.toThrow();
    });
  });
});
