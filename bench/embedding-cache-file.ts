// Keeps MiniLM vectors between benchmark runs: embedding 5k abstracts in WASM takes the better part of an hour.
// The file feeds the product's own embedding cache (content hash + model → vector), which ingest already consults,
// so a cached run takes the same ingest path and only skips the model. One line per vector: hash, tab, "[…]".
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { sql } from "drizzle-orm";
import { rows, type Db } from "../server/adapters/postgres/database.ts";

/** BENCH_EMBEDDING_CACHE names another file, for a second run beside one that is writing the usual file. */
export function cacheFilePath(model: string): string {
  if (process.env.BENCH_EMBEDDING_CACHE) return process.env.BENCH_EMBEDDING_CACHE;
  return new URL(`./.cache/embeddings-${model.replace(/[^A-Za-z0-9._-]+/g, "_")}.tsv`, import.meta.url).pathname;
}

/** Loads the file into embedding_cache; returns how many vectors it held. */
export async function seedEmbeddingCache(db: Db, model: string, file: string): Promise<number> {
  if (!existsSync(file)) return 0;
  const lines = readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.includes("\t"));
  for (let i = 0; i < lines.length; i += 200) {
    const values = lines.slice(i, i + 200).map((line) => {
      const [hash, literal] = line.split("\t");
      return sql`(${hash}, ${model}, ${literal}::vector)`;
    });
    await rows(db, sql`INSERT INTO embedding_cache (content_hash, model, embedding) VALUES ${sql.join(values, sql`, `)} ON CONFLICT DO NOTHING`);
  }
  return lines.length;
}

/** Writes every cached vector of the model (written to a temporary file first, so a killed run leaves the old file whole). */
export async function saveEmbeddingCache(db: Db, model: string, file: string): Promise<number> {
  const found = await rows<{ hash: string; literal: string }>(
    db,
    sql`SELECT content_hash AS hash, embedding::text AS literal FROM embedding_cache WHERE model = ${model} ORDER BY content_hash`,
  );
  mkdirSync(dirname(file), { recursive: true });
  // The cache folder holds derived data of a CC BY-NC corpus: it must never be committed.
  const ignore = `${dirname(file)}/.gitignore`;
  if (!existsSync(ignore)) writeFileSync(ignore, "*\n");
  writeFileSync(`${file}.tmp`, found.map((r) => `${r.hash}\t${r.literal}\n`).join(""));
  renameSync(`${file}.tmp`, file);
  return found.length;
}
