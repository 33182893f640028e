// The results page's count line and page links: the service returns one ranked list, the page shows it in slices.
import { html, nothing, type TemplateResult } from "lit";
import type { SearchTranslations } from "../translations.ts";

export const PAGE_SIZE = 10;

/** The slice of results on a zero-based page; null (not the results page) is all of them. */
export const pageOf = <T>(results: readonly T[], page: number | null): readonly T[] =>
  page === null ? results : results.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);

export interface PaginationModel {
  t: SearchTranslations;
  total: number;
  /** Zero-based. */
  page: number;
  onPage(page: number): void;
}

export function renderResultCount(m: PaginationModel): TemplateResult | typeof nothing {
  if (!m.total) return nothing;
  const from = m.page * PAGE_SIZE + 1;
  return html`<p class="result-count" part="result-count">${m.t.resultRange(from, Math.min(m.total, from + PAGE_SIZE - 1), m.total)}</p>`;
}

export function renderPagination(m: PaginationModel): TemplateResult | typeof nothing {
  const pages = Math.ceil(m.total / PAGE_SIZE);
  if (pages < 2) return nothing;
  const go = (page: number) => () => m.onPage(page);
  return html`<nav class="pagination" part="pagination" aria-label=${m.t.pages}>
    <button type="button" class="text-button" part="page-button" ?disabled=${m.page === 0} @click=${go(m.page - 1)}>${m.t.previousPage}</button>
    ${Array.from(
      { length: pages },
      (_, i) => html`<button type="button" class="text-button" part="page-button" aria-label=${m.t.pageNumber(i + 1)}
      aria-current=${i === m.page ? "page" : "false"} @click=${go(i)}>${i + 1}</button>`,
    )}
    <button type="button" class="text-button" part="page-button" ?disabled=${m.page >= pages - 1} @click=${go(m.page + 1)}>${m.t.nextPage}</button>
  </nav>`;
}
