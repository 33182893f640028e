// Writes all-MiniLM-L6-v2 (a 6-layer BERT) as an ONNX graph from its safetensors weights, with mean pooling and
// L2 normalisation inside the graph, so the output is the sentence vector itself. Optionally 8-bit MatMul weights.
import { DataType, OnnxGraph } from "./onnx-graph.ts";
import type { Tensor } from "./safetensors.ts";

export interface BertShape {
  layers: number;
  heads: number;
  hidden: number;
  layerNormEps: number;
}

export type Precision = "fp32" | "int8" | "q8";

/** What every part of the graph needs: the graph being written, the weights, and the shared constants. */
interface Builder {
  g: OnnxGraph;
  shape: BertShape;
  c: ReturnType<typeof constants>;
  w(name: string): Tensor;
  param(name: string): string;
  layerNorm(x: string, prefix: string): string;
  linear(x: string, prefix: string): string;
}

export function buildMiniLmGraph(weights: Map<string, Tensor>, shape: BertShape, precision: Precision): Uint8Array {
  const g = new OnnxGraph();
  const w = (name: string): Tensor => {
    const t = weights.get(name);
    if (!t) throw new Error(`The model weights have no tensor "${name}".`);
    return t;
  };
  const param = (name: string) => {
    const t = w(name);
    return g.floats(name, t.shape, t.data);
  };
  const b: Builder = {
    g,
    shape,
    c: constants(g, shape),
    w,
    param,
    layerNorm: (x, prefix) =>
      g.node("LayerNormalization", [x, param(`${prefix}.weight`), param(`${prefix}.bias`)], { axis: -1, epsilon: { float: shape.layerNormEps } }),
    linear: (x, prefix) => g.node("Add", [matmul(g, x, w(`${prefix}.weight`), `${prefix}.weight`, precision), param(`${prefix}.bias`)]),
  };
  g.io("input", "input_ids", DataType.INT64, ["batch", "sequence"]);
  g.io("input", "attention_mask", DataType.INT64, ["batch", "sequence"]);
  let h = embeddings(b);
  const maskF = g.node("Cast", ["attention_mask"], { to: DataType.FLOAT });
  // Added to the scores of padding positions: softmax gives them zero weight, as the WASM engine does.
  const maskBias = g.node("Mul", [g.node("Sub", [b.c.one, g.node("Unsqueeze", [maskF, b.c.axes12])]), b.c.maskedScore]);
  for (let l = 0; l < shape.layers; l++) h = encoderLayer(b, h, maskBias, `encoder.layer.${l}`);
  // Callers read the session's only output, whatever its generated name.
  g.io("output", meanPoolAndNormalise(b, h, maskF), DataType.FLOAT, ["batch", shape.hidden]);
  return g.encode("all-MiniLM-L6-v2");
}

function constants(g: OnnxGraph, shape: BertShape) {
  const headDim = shape.hidden / shape.heads;
  return {
    one: g.floats("one", [], [1]),
    half: g.floats("half", [], [0.5]),
    sqrt2: g.floats("sqrt2", [], [Math.SQRT2]),
    maskedScore: g.floats("masked_score", [], [-1e9]),
    scale: g.floats("attention_scale", [], [1 / Math.sqrt(headDim)]),
    tiny: g.floats("tiny", [], [1e-12]),
    zero: g.int64s("zero", [0]),
    axis0: g.int64s("axis0", [0]),
    axis1: g.int64s("axis1", [1]),
    axis2: g.int64s("axis2", [2]),
    axes12: g.int64s("axes12", [1, 2]),
    splitHeads: g.int64s("split_heads", [0, 0, shape.heads, headDim]),
    mergeHeads: g.int64s("merge_heads", [0, 0, shape.hidden]),
  };
}

/** Word plus position embeddings. Every input is one segment, so the token-type row 0 is folded into the position table. */
function embeddings({ g, shape, c, w, param, layerNorm }: Builder): string {
  const words = g.node("Gather", [param("embeddings.word_embeddings.weight"), "input_ids"]);
  const positions = w("embeddings.position_embeddings.weight");
  const type0 = w("embeddings.token_type_embeddings.weight").data.subarray(0, shape.hidden);
  const posPlusType = Float32Array.from(positions.data, (v, i) => v + type0[i % shape.hidden]!);
  const positionTable = g.floats("embeddings.position_plus_type0", positions.shape, posPlusType);
  const seqLen = g.node("Shape", ["input_ids"], { start: 1, end: 2 });
  const pos = g.node("Slice", [positionTable, c.zero, seqLen, c.axis0]);
  return layerNorm(g.node("Add", [words, pos]), "embeddings.LayerNorm");
}

/** One BERT layer: multi-head self-attention, then the feed-forward block, each with a residual and LayerNorm. */
function encoderLayer({ g, c, layerNorm, linear }: Builder, h: string, maskBias: string, p: string): string {
  const heads = (x: string, perm: number[]) => g.node("Transpose", [g.node("Reshape", [x, c.splitHeads])], { perm });
  const q = heads(linear(h, `${p}.attention.self.query`), [0, 2, 1, 3]);
  const k = heads(linear(h, `${p}.attention.self.key`), [0, 2, 3, 1]);
  const v = heads(linear(h, `${p}.attention.self.value`), [0, 2, 1, 3]);
  const scores = g.node("Add", [g.node("Mul", [g.node("MatMul", [q, k]), c.scale]), maskBias]);
  const probs = g.node("Softmax", [scores], { axis: -1 });
  const context = g.node("Reshape", [g.node("Transpose", [g.node("MatMul", [probs, v])], { perm: [0, 2, 1, 3] }), c.mergeHeads]);
  const attended = layerNorm(g.node("Add", [linear(context, `${p}.attention.output.dense`), h]), `${p}.attention.output.LayerNorm`);
  const inner = linear(attended, `${p}.intermediate.dense`);
  // Exact GELU, as BERT was trained with: x/2 · (1 + erf(x/√2)).
  const gelu = g.node("Mul", [g.node("Mul", [inner, c.half]), g.node("Add", [c.one, g.node("Erf", [g.node("Div", [inner, c.sqrt2])])])]);
  return layerNorm(g.node("Add", [linear(gelu, `${p}.output.dense`), attended]), `${p}.output.LayerNorm`);
}

/** Mean over real tokens only, then unit length. */
function meanPoolAndNormalise({ g, c }: Builder, h: string, maskF: string): string {
  const mask3 = g.node("Unsqueeze", [maskF, c.axis2]);
  const summed = g.node("ReduceSum", [g.node("Mul", [h, mask3]), c.axis1], { keepdims: 0 });
  const counted = g.node("Max", [g.node("ReduceSum", [mask3, c.axis1], { keepdims: 0 }), c.tiny]);
  const mean = g.node("Div", [summed, counted]);
  const norm = g.node("Max", [g.node("ReduceL2", [mean], { axes: [1], keepdims: 1 }), c.tiny]);
  return g.node("Div", [mean, norm]);
}

/** x · Wᵀ for a PyTorch [out, in] weight, in fp32 or with int8 weights and dynamically quantised activations. */
function matmul(g: OnnxGraph, x: string, weight: Tensor, name: string, precision: Precision): string {
  const [outDim, inDim] = weight.shape as [number, number];
  if (precision === "q8") return blockQuantizedMatMul(g, x, weight, name);
  if (precision === "fp32") {
    const t = new Float32Array(inDim * outDim);
    for (let o = 0; o < outDim; o++) for (let i = 0; i < inDim; i++) t[i * outDim + o] = weight.data[o * inDim + i]!;
    return g.node("MatMul", [x, g.floats(name, [inDim, outDim], t)]);
  }
  // Symmetric per-output-column scales: zero point 0, so MatMulInteger needs no weight zero point.
  const q = new Int8Array(inDim * outDim);
  const scales = new Float32Array(outDim);
  for (let o = 0; o < outDim; o++) {
    let max = 0;
    for (let i = 0; i < inDim; i++) max = Math.max(max, Math.abs(weight.data[o * inDim + i]!));
    const s = max / 127 || 1;
    scales[o] = s;
    for (let i = 0; i < inDim; i++) q[i * outDim + o] = Math.round(weight.data[o * inDim + i]! / s);
  }
  const wq = g.initializer(`${name}.int8`, [inDim, outDim], DataType.INT8, q);
  const ws = g.floats(`${name}.scale`, [outDim], scales);
  const [xq, xs, xzp] = g.nodeOutputs("DynamicQuantizeLinear", [x], {}, 3) as [string, string, string];
  const product = g.node("Cast", [g.node("MatMulInteger", [xq, wq, xzp])], { to: DataType.FLOAT });
  return g.node("Mul", [g.node("Mul", [product, ws]), xs]);
}

/** Weights in blocks of this many inputs, each block with its own scale. */
const Q8_BLOCK = 32;

/**
 * x · Wᵀ with 8-bit weights in blocks of 32 (ONNX Runtime's MatMulNBits), computed in int8 with activations quantised
 * per block of 32 too (accuracy_level 4, which uses VNNI where the CPU has it). Measured on a one-query pass: 1.4-1.7×
 * faster than fp32, vectors at cosine ≥ 0.999 to it; fp32 compute (level 0) was 4× slower than plain fp32. Blocks of 16
 * were no closer to fp32 for their cost and blocks of 64 moved vectors twice as far.
 */
function blockQuantizedMatMul(g: OnnxGraph, x: string, weight: Tensor, name: string): string {
  const [outDim, inDim] = weight.shape as [number, number];
  const blocks = Math.ceil(inDim / Q8_BLOCK);
  // MatMulNBits takes B as [N, blocks, block] in PyTorch's own [out, in] order; codes are unsigned around 128.
  const codes = new Uint8Array(outDim * blocks * Q8_BLOCK).fill(128);
  const scales = new Float32Array(outDim * blocks);
  for (let o = 0; o < outDim; o++) {
    for (let b = 0; b < blocks; b++) {
      const from = o * inDim + b * Q8_BLOCK;
      const to = Math.min(from + Q8_BLOCK, (o + 1) * inDim);
      let max = 0;
      for (let i = from; i < to; i++) max = Math.max(max, Math.abs(weight.data[i]!));
      const s = max / 127 || 1;
      scales[o * blocks + b] = s;
      for (let i = from; i < to; i++) codes[(o * blocks + b) * Q8_BLOCK + (i - from)] = 128 + Math.round(weight.data[i]! / s);
    }
  }
  const wq = g.initializer(`${name}.q8`, [outDim, blocks, Q8_BLOCK], DataType.UINT8, codes);
  const ws = g.floats(`${name}.q8_scale`, [outDim, blocks], scales);
  const attrs = { K: inDim, N: outDim, bits: 8, block_size: Q8_BLOCK, accuracy_level: 4 };
  return g.nodeOutputs("MatMulNBits", [x, wq, ws], attrs, 1, "com.microsoft")[0]!;
}
