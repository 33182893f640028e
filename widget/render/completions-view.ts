// Completions offered while the search for what is typed is still on its way, or found nothing; one click searches one.
import { html, nothing, type TemplateResult } from "lit";
import type { Completion } from "../../shared/suggest.ts";
import type { SearchState } from "../controllers/search-controller.ts";

export function renderCompletions(
  label: string,
  state: SearchState,
  forQuery: string,
  completions: Completion[],
  onPick: (text: string) => void,
): TemplateResult | typeof nothing {
  const waiting = state.status === "loading" || (state.status === "success" && state.response?.results.length === 0);
  if (!waiting || completions.length === 0 || forQuery !== state.query) return nothing;
  return html`<div class="completions" part="completions" role="group" aria-label=${label}>
    ${completions.map((c) => html`<button type="button" class="text-button" part="completion" @click=${() => onPick(c.text)}>${c.text}</button>`)}
  </div>`;
}
