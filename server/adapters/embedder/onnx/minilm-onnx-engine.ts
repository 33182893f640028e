// Runs the MiniLM ONNX graph with onnxruntime-node: tokenises, groups texts of similar length into padded
// batches, and returns unit vectors in input order. Used by the query lane and by each passage worker.
import * as ort from "onnxruntime-node";
import { loadWordPieceTokenizer } from "./wordpiece-tokenizer.ts";
import { MINILM_MAX_TOKENS, MINILM_ONNX_DIMENSIONS, MINILM_TOKENIZER_PATH } from "./minilm-onnx-file.ts";

export interface OnnxEngineOptions {
  modelPath: string;
  /** Native threads for one forward pass. */
  threads: number;
  /** Most texts per forward pass (fewer when they are long: see PASS_TOKENS). */
  batchSize: number;
}

/**
 * Padded tokens per forward pass. Measured on this 2-core box: 236-token passages cost less CPU each in passes of 1-2
 * than of 4-8 (bigger activations fall out of cache, and a 256-row MatMul gains nothing from more rows), while short
 * texts do gain from sharing a pass. So a pass takes texts of similar length up to this many padded tokens.
 */
const PASS_TOKENS = 512;

export interface OnnxEngine {
  /** Each forward pass blocks the calling thread (onnxruntime-node runs synchronously); passes are short. */
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

export async function loadOnnxEngine(options: OnnxEngineOptions): Promise<OnnxEngine> {
  const tokenizer = loadWordPieceTokenizer(MINILM_TOKENIZER_PATH);
  const session = await ort.InferenceSession.create(options.modelPath, {
    intraOpNumThreads: options.threads,
    interOpNumThreads: 1,
    executionMode: "sequential",
    graphOptimizationLevel: "all",
  });
  const output = session.outputNames[0]!;
  const dims = MINILM_ONNX_DIMENSIONS;

  const run = async (batch: number[][]): Promise<Float32Array> => {
    const width = Math.max(...batch.map((ids) => ids.length));
    const ids = new BigInt64Array(batch.length * width);
    const mask = new BigInt64Array(batch.length * width);
    batch.forEach((row, r) => {
      for (let i = 0; i < row.length; i++) {
        ids[r * width + i] = BigInt(row[i]!);
        mask[r * width + i] = 1n;
      }
    });
    const result = await session.run({
      input_ids: new ort.Tensor("int64", ids, [batch.length, width]),
      attention_mask: new ort.Tensor("int64", mask, [batch.length, width]),
    });
    return result[output]!.data as Float32Array;
  };

  // Loads the graph's kernels now rather than on the first real text.
  await run([tokenizer.encode("warm up", MINILM_MAX_TOKENS)]);

  return {
    async embed(texts, signal) {
      const encoded = texts.map((t) => tokenizer.encode(t, MINILM_MAX_TOKENS));
      // Similar lengths together, so little of each batch is padding.
      const order = encoded.map((_, i) => i).sort((a, b) => encoded[a]!.length - encoded[b]!.length);
      const out: number[][] = new Array(texts.length);
      for (let start = 0; start < order.length; ) {
        signal?.throwIfAborted();
        // Sorted ascending, so the last text taken sets the pass's width.
        let end = start + 1;
        while (end < order.length && end - start < options.batchSize && (end - start + 1) * encoded[order[end]!]!.length <= PASS_TOKENS) end++;
        const slice = order.slice(start, end);
        const flat = await run(slice.map((i) => encoded[i]!));
        for (const [r, i] of slice.entries()) out[i] = Array.from(flat.subarray(r * dims, (r + 1) * dims));
        start = end;
      }
      return out;
    },
  };
}
