// Search playground: runs POST /api/sites/{id}/search (works with public access off) and shows each result's
// score, its sections, which engines answered (hybrid or keyword-only) and where the time went.
import { LitElement, css, html } from "lit";
import { Task } from "@lit/task";
import type { SiteList } from "../../shared/sites.ts";
import type { SearchResponse } from "../../shared/search.ts";
import { api, errorText } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { renderTask } from "../task-states.ts";

type PlaygroundAnswer = SearchResponse & { mode: string; costs: { lexicalMs: number; embedMs: number; vectorMs: number } };

export class PlaygroundPage extends LitElement {
  static override properties = { siteId: {}, answer: { state: true }, error: { state: true }, busy: { state: true } };
  static override styles = [pageStyles, css`.results { display: flex; flex-direction: column; gap: var(--sl-spacing-small); padding-left: var(--sl-spacing-large); } .results .card { margin: 0; }`];
  siteId = "";
  answer: PlaygroundAnswer | null = null;
  error = "";
  busy = false;
  private sites = new Task(this, { task: ([], { signal }) => api<SiteList>("GET", "/api/sites", undefined, signal), args: () => [] });

  private async search(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const value = (name: string) => (form.querySelector(`[name="${name}"]`) as unknown as { value: string }).value;
    this.siteId = value("site");
    this.busy = true;
    this.error = "";
    try {
      this.answer = await api<PlaygroundAnswer>("POST", `/api/sites/${encodeURIComponent(this.siteId)}/search`, { query: value("query"), minScore: Number(value("minScore")), limit: 10 });
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.busy = false;
    }
  }

  override render() {
    return html`
      <h1>Try it: search playground</h1>
      ${renderTask(this.sites, ({ sites }) => sites.length === 0 ? html`<p>Create a site first.</p>` : html`
        <form class="card stack" @submit=${this.search}>
          <sl-select name="site" label="Site" value=${this.siteId || sites[0]!.siteId}>${sites.map((s) => html`<sl-option value=${s.siteId}>${s.name}</sl-option>`)}</sl-select>
          <sl-input name="query" type="search" label="Query" required></sl-input>
          <sl-input name="minScore" type="number" label="Least score (0-1)" value="0.3" min="0" max="1" step="0.05" help-text="Results below it are dropped, as in the public search."></sl-input>
          <div><sl-button type="submit" variant="primary" ?loading=${this.busy}>Search</sl-button></div>
        </form>`)}
      ${this.error ? html`<sl-alert variant="danger" open>${this.error}</sl-alert>` : ""}
      ${this.answer ? this.results(this.answer) : ""}
    `;
  }

  private results(a: PlaygroundAnswer) {
    return html`
      <p class="muted" data-testid="search-summary">${a.totalResults} result(s) in ${a.timingMs} ms ·
        ${a.mode === "hybrid" ? "keyword and meaning (hybrid)" : a.mode === "lexical" ? "keyword only (no embedder, or it was slow)" : "meaning only"} ·
        keywords ${a.costs.lexicalMs} ms, embedding ${a.costs.embedMs} ms, vectors ${a.costs.vectorMs} ms</p>
      ${a.results.length === 0 ? html`<div class="card"><p>Nothing at or above this score. Lower the least score or check the site was crawled.</p></div>` : ""}
      <ol class="results">${a.results.map((r) => html`<li class="card">
        <div class="spread"><a href=${r.url} target="_blank" rel="noopener">${r.title || r.url}</a><strong>score ${r.score.toFixed(2)}</strong></div>
        <p>${r.snippet}</p>
        ${r.sections?.length ? html`<ul>${r.sections.map((s) => html`<li class="muted">${s.heading} — ${s.score.toFixed(2)}</li>`)}</ul>` : ""}
      </li>`)}</ol>
    `;
  }
}
customElements.define("playground-page", PlaygroundPage);
