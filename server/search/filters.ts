// Metadata filters and facets, read from each page's `metadata` and governed by the site's metadataSchema:
// only fields declared with filter (the default) may filter, only fields with facet are counted.
import type { SearchFilters } from "../../shared/search.ts";
import type { MetadataField } from "../../shared/sites.ts";
import { badRequest } from "../errors/domain-error.ts";

export type PageFilter = (page: { siteId: string; metadata: Record<string, unknown> }) => boolean;

const valuesOf = (value: unknown): string[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value.map((v) => String(v)) : [String(value)];

/**
 * Values compare as strings, so `filter.version=2` from a query string matches the number 2. A page matches
 * a field when any of its values equals any wanted value, and it must match every field. A site whose
 * schema does not declare a field has none of its pages match (group search across different schemas).
 */
export function compileFilters(filters: SearchFilters | undefined, schemas: ReadonlyMap<string, readonly MetadataField[]>): PageFilter | null {
  const entries = Object.entries(filters ?? {});
  if (entries.length === 0) return null;
  for (const [name] of entries) {
    const declared = [...schemas.values()].some((fields) => fields.some((f) => f.name === name && f.filter !== false));
    if (!declared) throw badRequest(`Cannot filter on "${name}": it is not a field of the site's metadataSchema with filter enabled.`);
  }
  const wanted = entries.map(([name, value]) => ({ name, values: new Set(valuesOf(value)) }));
  return (page) => {
    const fields = schemas.get(page.siteId) ?? [];
    return wanted.every(({ name, values }) => {
      if (!fields.some((f) => f.name === name && f.filter !== false)) return false;
      return valuesOf(page.metadata[name]).some((v) => values.has(v));
    });
  };
}

export type Facets = Record<string, Array<{ value: string; count: number }>>;

/** Counts of each value of the facet fields over the matched pages, most frequent first; at most 50 values a field. */
export function countFacets(
  pages: ReadonlyArray<{ siteId: string; metadata: Record<string, unknown> }>,
  schemas: ReadonlyMap<string, readonly MetadataField[]>,
): Facets | undefined {
  const facetNames = new Set([...schemas.values()].flatMap((fields) => fields.filter((f) => f.facet).map((f) => f.name)));
  if (facetNames.size === 0) return undefined;
  const counts = new Map<string, Map<string, number>>([...facetNames].map((n) => [n, new Map()]));
  for (const page of pages) {
    for (const field of schemas.get(page.siteId) ?? []) {
      if (!field.facet) continue;
      const counter = counts.get(field.name)!;
      for (const v of new Set(valuesOf(page.metadata[field.name]))) counter.set(v, (counter.get(v) ?? 0) + 1);
    }
  }
  return Object.fromEntries(
    [...counts].map(([name, counter]) => [
      name,
      [...counter]
        .map(([value, count]) => ({ value, count }))
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
        .slice(0, 50),
    ]),
  );
}
