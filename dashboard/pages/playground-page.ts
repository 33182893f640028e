// "Try it": one site picker over three tabs: the search playground (each score split into its keyword and meaning
// parts, from POST /api/sites/{id}/search), the chat try-out and the widget preview with its snippet.
import { LitElement, css, html } from "lit";
import { Task } from "@lit/task";
import type { SiteList } from "../../shared/sites.ts";
import type { ExplainedSearchResponse, ScoreParts } from "../../shared/search.ts";
import { counted } from "../counted.ts";
import { api, errorText } from "../api.ts";
import { navigate } from "../router.ts";
import { pageStyles } from "../page-styles.ts";
import { renderTask } from "../task-states.ts";
import "./chat-try-page.ts";
import "./widget-try-page.ts";

type PlaygroundAnswer = ExplainedSearchResponse & { mode: string; costs: { lexicalMs: number; embedMs: number; vectorMs: number } };
const TABS: Array<[string, string]> = [
  ["search", "Search"],
  ["chat", "Chat"],
  ["widget", "Widget"],
];
/** Highest score first, as the owner reads a list of scores; each result keeps its place in the widget's order. */
const byScore = <T extends { score: number }>(results: T[]) =>
  results.map((result, rank) => ({ result, rank })).sort((a, b) => b.result.score - a.result.score || a.rank - b.rank);
const tabOf = () => new URLSearchParams(location.search).get("tab") ?? "search";

export class PlaygroundPage extends LitElement {
  static override properties = { siteId: {}, tab: { state: true }, answer: { state: true }, error: { state: true }, busy: { state: true } };
  static override styles = [
    pageStyles,
    css`
      .results { display: flex; flex-direction: column; gap: var(--sl-spacing-small); padding-left: var(--sl-spacing-large); } .results .card { margin: 0; }
      .tabs ul {
        display: flex;
        gap: var(--sl-spacing-small);
        list-style: none;
        padding: 0;
        margin: 0 0 var(--sl-spacing-medium);
        border-bottom: 1px solid var(--sl-color-neutral-200);
      }
      .tabs a {
        display: inline-block;
        padding: var(--sl-spacing-x-small) var(--sl-spacing-small);
        text-decoration: none;
        color: var(--sl-color-neutral-800);
        border-bottom: 3px solid transparent;
      }
      .tabs a[aria-current="page"] {
        border-bottom-color: var(--sl-color-primary-600);
        color: var(--sl-color-primary-800);
        font-weight: var(--sl-font-weight-semibold);
      }
      .split {
        display: flex;
        height: 0.5rem;
        width: 12rem;
        max-width: 100%;
        border-radius: var(--sl-border-radius-pill);
        background: var(--sl-color-neutral-200);
        overflow: hidden;
      }
      .split .keyword { background: var(--sl-color-primary-600); } .split .meaning { background: var(--sl-color-success-600); }
      .parts { display: flex; flex-wrap: wrap; align-items: center; gap: var(--sl-spacing-x-small) var(--sl-spacing-small); }
      .key-swatch, .meaning-swatch { display: inline-block; width: 0.7rem; height: 0.7rem; border-radius: 2px; vertical-align: middle; margin-right: 0.25rem; }
      .key-swatch { background: var(--sl-color-primary-600); } .meaning-swatch { background: var(--sl-color-success-600); }
    `,
  ];
  siteId = "";
  tab = tabOf();
  answer: PlaygroundAnswer | null = null;
  error = "";
  busy = false;
  private sites = new Task(this, { task: (_args, { signal }) => api<SiteList>("GET", "/api/sites", undefined, signal), args: () => [] });
  private onRoute = () => (this.tab = tabOf());

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener("dashboard-route", this.onRoute);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener("dashboard-route", this.onRoute);
  }

  private link(tab: string, siteId: string): string {
    const query = new URLSearchParams(tab === "search" ? {} : { tab });
    if (siteId) query.set("site", siteId);
    return `/playground${query.size ? `?${query}` : ""}`;
  }

  private pickSite(siteId: string): void {
    this.siteId = siteId;
    this.answer = null;
    navigate(this.link(this.tab, siteId), true);
  }

  private async search(event: SubmitEvent | { query: string }): Promise<void> {
    const form = this.renderRoot.querySelector("form.search") as HTMLFormElement;
    const field = (name: string) => form.querySelector(`[name="${name}"]`) as unknown as { value: string };
    if ("query" in event) field("query").value = event.query;
    else event.preventDefault();
    const value = (name: string) => field(name).value;
    this.busy = true;
    this.error = "";
    try {
      const body = { query: value("query"), minScore: Number(value("minScore")), limit: 10 };
      this.answer = await api<PlaygroundAnswer>("POST", `/api/sites/${encodeURIComponent(this.current())}/search`, body);
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.busy = false;
    }
  }

  private current(): string {
    return this.siteId || this.sites.value?.sites[0]?.siteId || "";
  }

  override render() {
    return html`
      <h1>Try it</h1>
      ${renderTask(this.sites, ({ sites }) =>
        sites.length === 0
          ? html`<p>Create a site first.</p>`
          : html`
        <nav class="tabs" aria-label="Try it"><ul>${TABS.map(
          ([tab, label]) => html`<li>
          <a href="/dashboard${this.link(tab, this.siteId)}" aria-current=${tab === this.tab ? "page" : "false"}>${label}</a></li>`,
        )}</ul></nav>
        <div class="row"><sl-select name="site" label="Site" value=${this.current()}
          @sl-change=${(e: Event) => this.pickSite((e.target as HTMLSelectElement).value)}>
          ${sites.map((s) => html`<sl-option value=${s.siteId}>${s.name}</sl-option>`)}</sl-select></div>
        ${
          this.tab === "chat"
            ? html`<chat-try-page .siteId=${this.current()}></chat-try-page>`
            : this.tab === "widget"
              ? html`<widget-try-page .siteId=${this.current()}></widget-try-page>`
              : this.searchTab()
        }`,
      )}
    `;
  }

  private searchTab() {
    return html`
      <h2>Search</h2>
      <form class="card stack search" @submit=${this.search}>
        <sl-input name="query" type="search" label="Query" required></sl-input>
        <sl-input name="minScore" type="number" label="Least score (0-1)" value="0.3" min="0" max="1" step="0.05"
          help-text="Results below it are dropped, as in the public search."></sl-input>
        <div><sl-button type="submit" variant="primary" ?loading=${this.busy}>Search</sl-button></div>
      </form>
      ${this.error ? html`<sl-alert variant="danger" open>${this.error}</sl-alert>` : ""}
      ${this.answer ? this.results(this.answer) : ""}
    `;
  }

  private results(a: PlaygroundAnswer) {
    return html`
      <p class="muted" data-testid="search-summary">${counted(a.totalResults, "result")} in ${a.timingMs} ms ·
        ${a.mode === "hybrid" ? "keyword and meaning (hybrid)" : a.mode === "lexical" ? "keyword only (no embedder, or it was slow)" : "meaning only"} ·
        keywords ${a.costs.lexicalMs} ms, embedding ${a.costs.embedMs} ms, vectors ${a.costs.vectorMs} ms</p>
      <p class="muted"><span class="key-swatch"></span>keyword part (words in common) ·
        <span class="meaning-swatch"></span>meaning part (vector similarity); together they make the score.</p>
      ${
        a.suggestion
          ? html`<p data-testid="did-you-mean">Did you mean
            <sl-button size="small" variant="text" @click=${() => this.search({ query: a.suggestion! })}>${a.suggestion}</sl-button>?</p>`
          : ""
      }
      ${a.results.length === 0 ? html`<div class="card"><p>Nothing at or above this score. Lower the least score or check the site was crawled.</p></div>` : ""}
      <ol class="results">${byScore(a.results).map(
        ({ result: r, rank }, i) => html`<li class="card">
        <div class="spread"><a href=${r.url} target="_blank" rel="noopener">${r.title || r.url}</a><strong>score ${r.score.toFixed(2)}</strong></div>
        ${rank === i ? "" : html`<p class="muted" data-testid="widget-rank">#${rank + 1} in the widget, which orders by the keyword and meaning ranks combined.</p>`}
        ${this.split(r.scoreParts)}
        <p>${r.snippet}</p>
        ${
          r.sections?.length
            ? html`<ul>${r.sections.map(
                (s) => html`<li class="muted">
          ${s.heading} — ${s.score.toFixed(2)} (${this.partsText(s.scoreParts)})</li>`,
              )}</ul>`
            : ""
        }
      </li>`,
      )}</ol>
    `;
  }

  private partsText(p: ScoreParts): string {
    return `keyword ${p.keyword.toFixed(2)} + meaning ${p.meaning === null ? "none (not embedded)" : p.meaning.toFixed(2)}`;
  }

  private split(p: ScoreParts) {
    const pct = (n: number | null) => `width: ${Math.round(100 * (n ?? 0))}%`;
    return html`<div class="parts" data-testid="score-parts">
      <div class="split" aria-hidden="true"><span class="keyword" style=${pct(p.keyword)}></span><span class="meaning" style=${pct(p.meaning)}></span></div>
      <span class="muted">${this.partsText(p)}</span>
    </div>`;
  }
}
customElements.define("playground-page", PlaygroundPage);
