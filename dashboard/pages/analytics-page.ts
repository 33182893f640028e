// Analytics: searches and chats per day (Chart.js), totals, zero-result and click-through rates, top and
// no-result queries per site, with a range picker and a CSV export of each table.
import { LitElement, css, html } from "lit";
import { Task } from "@lit/task";
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from "chart.js";
import type { AnalyticsResponse, NoResultQueriesResponse } from "../../shared/analytics.ts";
import { api } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { renderTask } from "../task-states.ts";
import { downloadCsv } from "../csv.ts";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export class AnalyticsPage extends LitElement {
  static override properties = { range: { state: true }, siteId: { state: true } };
  static override styles = [pageStyles, css`.chart { position: relative; height: 260px; }`];
  range = "7d";
  siteId = "";
  private chart: Chart | null = null;

  private data = new Task(this, {
    task: async ([range, siteId], { signal }) => {
      const query = `range=${range}${siteId ? `&siteId=${encodeURIComponent(siteId)}` : ""}`;
      const overview = await api<AnalyticsResponse>("GET", `/api/analytics?${query}`, undefined, signal);
      const noResults = siteId ? await api<NoResultQueriesResponse>("GET", `/api/sites/${encodeURIComponent(siteId)}/no-result-queries?range=${range}&limit=100`, undefined, signal) : null;
      return { overview, noResults };
    },
    args: () => [this.range, this.siteId] as const,
  });

  override updated(): void {
    const canvas = this.renderRoot.querySelector("canvas");
    const overview = this.data.value?.overview;
    if (!canvas || !overview) return;
    const style = getComputedStyle(this);
    const color = (token: string) => style.getPropertyValue(token).trim();
    if (this.chart?.canvas !== canvas) {
      this.chart?.destroy();
      this.chart = new Chart(canvas, { type: "bar", data: { labels: [], datasets: [] }, options: { responsive: true, maintainAspectRatio: false, animation: false } });
    }
    this.chart.data.labels = overview.dailyUsage.map((d) => d.date);
    this.chart.data.datasets = [
      { label: "Searches", data: overview.dailyUsage.map((d) => d.searches), backgroundColor: color("--sl-color-primary-600") },
      { label: "Chats", data: overview.dailyUsage.map((d) => d.chats), backgroundColor: color("--sl-color-warning-500") },
    ];
    Chart.defaults.color = color("--sl-color-neutral-700");
    this.chart.update();
  }

  override render() {
    return html`
      <h1>Analytics</h1>
      <div class="row">
        <sl-select label="Range" value=${this.range} @sl-change=${(e: Event) => (this.range = (e.target as HTMLSelectElement).value)}>
          <sl-option value="1d">Today</sl-option><sl-option value="7d">7 days</sl-option><sl-option value="30d">30 days</sl-option><sl-option value="90d">90 days</sl-option>
        </sl-select>
      </div>
      ${renderTask(this.data, ({ overview, noResults }) => {
        const searches = overview.totalSearches;
        const noResultCount = noResults?.queries.reduce((n, q) => n + q.count, 0) ?? null;
        const clicks = overview.topQueries.reduce((n, q) => n + (q.clicks ?? 0), 0);
        const counted = overview.topQueries.reduce((n, q) => n + q.count, 0);
        return html`
          <div class="row">
            <sl-select label="Site" value=${this.siteId || "all"} @sl-change=${(e: Event) => { const v = (e.target as HTMLSelectElement).value; this.siteId = v === "all" ? "" : v; }}>
              <sl-option value="all">All sites</sl-option>${overview.siteBreakdown.map((s) => html`<sl-option value=${s.id}>${s.name}</sl-option>`)}
            </sl-select>
          </div>
          <div class="stats card">
            <div class="stat"><strong data-testid="total-searches">${searches}</strong>searches</div>
            <div class="stat"><strong>${overview.totalChats}</strong>chats</div>
            <div class="stat"><strong>${overview.totalPagesIndexed}</strong>pages indexed</div>
            <div class="stat"><strong>${noResultCount === null ? "pick a site" : searches ? `${Math.round((100 * noResultCount) / searches)}%` : "—"}</strong>zero-result rate</div>
            <div class="stat"><strong>${counted ? `${Math.round((100 * clicks) / counted)}%` : "—"}</strong>click-through (top queries)</div>
          </div>
          <div class="card"><h2>Searches and chats per day</h2><div class="chart"><canvas role="img" aria-label="Bar chart of searches and chats per day" height="260"></canvas></div></div>
          <div class="card">
            <div class="spread"><h2>Top queries</h2><sl-button size="small" @click=${() => downloadCsv("top-queries.csv", ["query", "count", "clicks"], overview.topQueries.map((q) => [q.query, q.count, q.clicks ?? 0]))}>Export CSV</sl-button></div>
            ${overview.topQueries.length ? html`<div class="table-wrap"><table><thead><tr><th scope="col">Query</th><th scope="col">Count</th><th scope="col">Clicks</th></tr></thead>
              <tbody>${overview.topQueries.map((q) => html`<tr><td>${q.query}</td><td>${q.count}</td><td>${q.clicks ?? 0}</td></tr>`)}</tbody></table></div>` : html`<p class="muted">No searches in this range.</p>`}
          </div>
          ${noResults ? html`<div class="card">
            <div class="spread"><h2>Queries with no result</h2><sl-button size="small" @click=${() => downloadCsv("no-result-queries.csv", ["query", "count"], noResults.queries.map((q) => [q.query, q.count]))}>Export CSV</sl-button></div>
            ${noResults.queries.length ? html`<div class="table-wrap"><table><thead><tr><th scope="col">Query</th><th scope="col">Count</th></tr></thead>
              <tbody>${noResults.queries.map((q) => html`<tr><td>${q.query}</td><td>${q.count}</td></tr>`)}</tbody></table></div>` : html`<p class="muted">Every search found something.</p>`}
          </div>` : ""}
        `;
      })}
    `;
  }
}
customElements.define("analytics-page", AnalyticsPage);
