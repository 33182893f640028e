// One spelling per query, so "Install  Guide " and "install guide" count as the same query in the rollups.
import { Limits } from "../../shared/limits.ts";
import { toStorableText } from "../text/storable-text.ts";

/**
 * Trims, folds compatibility forms (NFKC), lower-cases, collapses whitespace and caps the length. NULs are dropped and
 * the cap never splits a surrogate pair, because PostgreSQL cannot store either and one such row fails its whole batch.
 */
export function normalizeQuery(raw: string): string {
  return toStorableText(toStorableText(raw).normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim().slice(0, Limits.queryMaxChars));
}
