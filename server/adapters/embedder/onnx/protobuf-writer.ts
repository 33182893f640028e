// A minimal protobuf encoder: the few wire types the ONNX model format needs (varint, fixed32, length-delimited).
// Written by hand because the ONNX subset is tiny and no protobuf library is installed.

/** One encoded message, built from fields in any order; `bytes()` concatenates once at the end. */
export class ProtoMessage {
  private readonly parts: Uint8Array[] = [];
  private size = 0;

  private push(part: Uint8Array): void {
    this.parts.push(part);
    this.size += part.length;
  }

  private tag(field: number, wireType: number): void {
    this.push(varint(BigInt((field << 3) | wireType)));
  }

  /** int32/int64/enum/bool; negative numbers take ten bytes (two's complement), as protobuf requires. */
  int(field: number, value: number | bigint): this {
    this.tag(field, 0);
    this.push(varint(BigInt.asUintN(64, BigInt(value))));
    return this;
  }

  /** Repeated int64, unpacked: onnx.proto is proto2, whose parsers accept both forms. */
  ints(field: number, values: readonly (number | bigint)[]): this {
    for (const v of values) this.int(field, v);
    return this;
  }

  float(field: number, value: number): this {
    this.tag(field, 5);
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, value, true);
    this.push(b);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.tag(field, 2);
    this.push(varint(BigInt(value.length)));
    this.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, value: ProtoMessage): this {
    this.tag(field, 2);
    this.push(varint(BigInt(value.size)));
    for (const p of value.parts) this.push(p);
    return this;
  }

  encode(): Uint8Array {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}

function varint(value: bigint): Uint8Array {
  const out: number[] = [];
  let v = value;
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v !== 0n) byte |= 0x80;
    out.push(byte);
  } while (v !== 0n);
  return Uint8Array.from(out);
}
