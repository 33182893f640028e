// One spelling per query, so "Install  Guide " and "install guide" count as the same query in the rollups.
import { Limits } from "../../shared/limits.ts";

/** Trims, folds compatibility forms (NFKC), lower-cases, collapses whitespace and caps the length. */
export function normalizeQuery(raw: string): string {
  return raw.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim().slice(0, Limits.queryMaxChars);
}
