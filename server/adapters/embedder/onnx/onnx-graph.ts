// Builds an ONNX model (ModelProto) from nodes and initializers: the subset of onnx.proto the embedder graph uses.
import { ProtoMessage } from "./protobuf-writer.ts";

/** TensorProto.DataType values. */
export const DataType = { FLOAT: 1, UINT8: 2, INT8: 3, INT32: 6, INT64: 7 } as const;

export type Attribute = number | number[] | { float: number };

const IR_VERSION = 8;
export const OPSET = 17;

export class OnnxGraph {
  private readonly graph = new ProtoMessage();
  private counter = 0;
  private readonly domains = new Set<string>();

  /** Adds a node and returns the name of its output. */
  node(op: string, inputs: string[], attrs: Record<string, Attribute> = {}): string {
    return this.nodeOutputs(op, inputs, attrs, 1)[0]!;
  }

  /** Adds a node with several outputs (DynamicQuantizeLinear) and returns their names; `domain` names a contrib set. */
  nodeOutputs(op: string, inputs: string[], attrs: Record<string, Attribute>, outputs: number, domain = ""): string[] {
    const names = Array.from({ length: outputs }, () => `${op.toLowerCase()}_${this.counter++}`);
    const node = new ProtoMessage();
    for (const i of inputs) node.string(1, i);
    for (const o of names) node.string(2, o);
    node.string(3, names[0]!).string(4, op);
    if (domain) {
      node.string(7, domain);
      this.domains.add(domain);
    }
    for (const [name, value] of Object.entries(attrs)) node.message(5, attribute(name, value));
    this.graph.message(1, node);
    return names;
  }

  initializer(name: string, dims: number[], type: number, raw: ArrayBufferView): string {
    const t = new ProtoMessage().ints(1, dims).int(2, type).string(8, name);
    t.bytes(9, new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength));
    this.graph.message(5, t);
    return name;
  }

  floats(name: string, dims: number[], data: Float32Array | number[]): string {
    return this.initializer(name, dims, DataType.FLOAT, data instanceof Float32Array ? data : Float32Array.from(data));
  }

  int64s(name: string, data: number[]): string {
    return this.initializer(name, [data.length], DataType.INT64, BigInt64Array.from(data.map(BigInt)));
  }

  /** A graph input or output; string dims are symbolic (batch, sequence). */
  io(kind: "input" | "output", name: string, type: number, dims: (number | string)[]): void {
    const shape = new ProtoMessage();
    for (const d of dims) shape.message(1, typeof d === "number" ? new ProtoMessage().int(1, d) : new ProtoMessage().string(2, d));
    const tensorType = new ProtoMessage().int(1, type).message(2, shape);
    const info = new ProtoMessage().string(1, name).message(2, new ProtoMessage().message(1, tensorType));
    this.graph.message(kind === "input" ? 11 : 12, info);
  }

  encode(name: string): Uint8Array {
    this.graph.string(2, name);
    const model = new ProtoMessage().int(1, IR_VERSION).string(2, "site-search").message(7, this.graph);
    model.message(8, new ProtoMessage().string(1, "").int(2, OPSET));
    // Contrib operator sets (ONNX Runtime's com.microsoft) are at version 1.
    for (const domain of this.domains) model.message(8, new ProtoMessage().string(1, domain).int(2, 1));
    return model.encode();
  }
}

function attribute(name: string, value: Attribute): ProtoMessage {
  const a = new ProtoMessage().string(1, name);
  // AttributeProto.type: FLOAT=1, INT=2, INTS=7.
  if (Array.isArray(value)) return a.ints(8, value).int(20, 7);
  if (typeof value === "number") return a.int(3, value).int(20, 2);
  return a.float(2, value.float).int(20, 1);
}
