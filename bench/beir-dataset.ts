// Reads a BEIR folder (corpus.jsonl, queries.jsonl, qrels/<split>.tsv) and picks the documents a run ingests:
// every judged document plus, for a smaller run, a seeded random sample of the others as distractors.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface BeirDoc {
  id: string;
  title: string;
  text: string;
}

export interface BeirDataset {
  docs: BeirDoc[];
  /** Only queries with at least one positive judgment in the split. */
  queries: Array<{ id: string; text: string }>;
  /** query id → (doc id → grade > 0) */
  qrels: Map<string, Map<string, number>>;
}

const jsonl = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

export function loadBeir(dir: string, split = "test"): BeirDataset {
  const docs = jsonl(join(dir, "corpus.jsonl")).map((d) => ({ id: String(d._id), title: String(d.title ?? ""), text: String(d.text ?? "") }));
  const qrels = new Map<string, Map<string, number>>();
  const lines = readFileSync(join(dir, "qrels", `${split}.tsv`), "utf8")
    .split("\n")
    .slice(1);
  for (const line of lines) {
    const [q, d, s] = line.trim().split("\t");
    if (!q || !d || !(Number(s) > 0)) continue;
    if (!qrels.has(q)) qrels.set(q, new Map());
    qrels.get(q)!.set(d, Number(s));
  }
  const queries = jsonl(join(dir, "queries.jsonl"))
    .map((q) => ({ id: String(q._id), text: String(q.text) }))
    .filter((q) => qrels.has(q.id));
  return { docs, queries, qrels };
}

/** mulberry32: a small seeded generator, so `--docs N --seed S` names the same documents on every machine. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** All judged documents, then distractors drawn at random until there are `size` (or every document when null). */
export function pickDocs(data: BeirDataset, size: number | null, seed: number): { docs: BeirDoc[]; judged: number } {
  const judgedIds = new Set([...data.qrels.values()].flatMap((m) => [...m.keys()]));
  const judged = data.docs.filter((d) => judgedIds.has(d.id));
  if (size === null || size >= data.docs.length) return { docs: data.docs, judged: judged.length };
  const others = data.docs.filter((d) => !judgedIds.has(d.id));
  const random = seeded(seed);
  for (let i = others.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [others[i], others[j]] = [others[j]!, others[i]!];
  }
  return { docs: [...judged, ...others.slice(0, Math.max(0, size - judged.length))], judged: judged.length };
}
