// Facet filters of the results page, drawn from response.facets when the site defines filterable metadata.
import { html, nothing, type TemplateResult } from "lit";
import type { SearchResponse } from "../../shared/search.ts";
import type { SearchTranslations } from "../translations.ts";

export function renderFacets(
  t: SearchTranslations,
  facets: SearchResponse["facets"],
  selected: Readonly<Record<string, readonly string[]>>,
  onToggle: (field: string, value: string, on: boolean) => void,
): TemplateResult | typeof nothing {
  const fields = Object.entries(facets ?? {}).filter(([, values]) => values.length > 0);
  if (!fields.length) return nothing;
  return html`<aside class="facets" part="facets" aria-label=${t.filters}>
    ${fields.map(
      ([field, values]) => html`<fieldset part="facet">
        <legend part="facet-label">${field}</legend>
        ${values.map(
          (facet) => html`<label part="facet-value">
            <input type="checkbox" .checked=${selected[field]?.includes(facet.value) ?? false}
              @change=${(event: Event) => onToggle(field, facet.value, (event.target as HTMLInputElement).checked)} />
            ${facet.value} (${facet.count})
          </label>`,
        )}
      </fieldset>`,
    )}
  </aside>`;
}
