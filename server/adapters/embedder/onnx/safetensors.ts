// Reads tensors from a .safetensors file (JSON header + raw little-endian data), up-casting fp16 to fp32.
import { readFileSync } from "node:fs";

export interface Tensor {
  shape: number[];
  data: Float32Array;
}

export function readSafetensors(path: string): Map<string, Tensor> {
  const file = readFileSync(path);
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const headerLength = Number(view.getBigUint64(0, true));
  const header = JSON.parse(file.subarray(8, 8 + headerLength).toString("utf8")) as Record<
    string,
    { dtype: string; shape: number[]; data_offsets: [number, number] }
  >;
  const base = 8 + headerLength;
  const tensors = new Map<string, Tensor>();
  for (const [name, info] of Object.entries(header)) {
    if (name === "__metadata__") continue;
    const [start, end] = info.data_offsets;
    const raw = file.subarray(base + start, base + end);
    // Integer tensors (position_ids) are derivable and unused by the graph.
    if (info.dtype === "F16") tensors.set(name, { shape: info.shape, data: fp16ToFp32(raw) });
    else if (info.dtype === "F32")
      tensors.set(name, { shape: info.shape, data: new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength)) });
  }
  return tensors;
}

// Every half-precision bit pattern, decoded once: conversion is then one table read per weight.
let halfTable: Float32Array | null = null;

function fp16ToFp32(raw: Uint8Array): Float32Array {
  if (!halfTable) {
    halfTable = new Float32Array(65536);
    for (let h = 0; h < 65536; h++) halfTable[h] = halfToFloat(h);
  }
  // Copied so the 16-bit view is aligned whatever the tensor's offset in the file.
  const halves = new Uint16Array(new Uint8Array(raw).buffer);
  const out = new Float32Array(halves.length);
  for (let i = 0; i < halves.length; i++) out[i] = halfTable[halves[i]!]!;
  return out;
}

function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) return sign * frac * 2 ** -24;
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * (1 + frac / 1024) * 2 ** (exp - 15);
}
