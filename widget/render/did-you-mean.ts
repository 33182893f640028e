// "Did you mean …": the server's corrected query (response.suggestion), offered as one button that searches it.
import { html, nothing, type TemplateResult } from "lit";
import type { SearchTranslations } from "../translations.ts";

export function renderDidYouMean(t: SearchTranslations, suggestion: string | undefined, onPick: (query: string) => void): TemplateResult | typeof nothing {
  if (!suggestion) return nothing;
  return html`<div class="status" part="status did-you-mean" data-kind="suggestion">
    ${t.didYouMean}
    <button type="button" class="text-button" part="did-you-mean-button" @click=${() => onPick(suggestion)}>${suggestion}</button>
  </div>`;
}
