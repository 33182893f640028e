// Analytics: searches and chats per day (Chart.js), totals, zero-result and click-through rates, top and no-result
// queries, unanswered questions, answer feedback and usage, for one site or all; one range picker drives every
// figure, and each table exports as CSV.
import { LitElement, css, html } from "lit";
import { Task } from "@lit/task";
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from "chart.js";
import type { AnalyticsResponse } from "../../shared/analytics.ts";
import type { SiteList } from "../../shared/sites.ts";
import { api } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { renderTask } from "../task-states.ts";
import { day } from "../task-states.ts";
import { dataTable, tableStyles } from "./analytics-table.ts";
import { loadSiteData, type SiteData } from "./analytics-site-data.ts";
import "./usage-panel.ts";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** The API's ranges: whole UTC days up to today (Nd) or the last 24 hours. */
const RANGES: Array<[string, string]> = [
  ["24h", "Last 24 hours"],
  ["1d", "Today"],
  ["7d", "7 days"],
  ["30d", "30 days"],
  ["90d", "90 days"],
  ["365d", "365 days"],
];

export class AnalyticsPage extends LitElement {
  static override properties = { range: { state: true }, siteId: { state: true } };
  static override styles = [pageStyles, tableStyles, css`.chart { position: relative; height: 260px; }`];
  range = "7d";
  siteId = "";
  private chart: Chart | null = null;
  private siteList = new Task(this, { task: (_args, { signal }) => api<SiteList>("GET", "/api/sites", undefined, signal), args: () => [] });

  private data = new Task(this, {
    task: async ([range, siteId], { signal }) => {
      const query = `range=${range}${siteId ? `&siteId=${encodeURIComponent(siteId)}` : ""}`;
      const overview = await api<AnalyticsResponse>("GET", `/api/analytics?${query}`, undefined, signal);
      const { sites } = await api<SiteList>("GET", "/api/sites", undefined, signal);
      const picked = sites.filter((s) => !siteId || s.siteId === siteId).map((s) => ({ id: s.siteId, name: s.name }));
      return { overview, sites: await loadSiteData(picked, range, signal) };
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
      const options = { responsive: true, maintainAspectRatio: false, animation: false } as const;
      this.chart = new Chart(canvas, { type: "bar", data: { labels: [], datasets: [] }, options });
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
          ${RANGES.map(([value, label]) => html`<sl-option value=${value}>${label}</sl-option>`)}
        </sl-select>
        ${renderTask(
          this.siteList,
          ({ sites }) => html`<sl-select label="Site" value=${this.siteId || "all"}
          @sl-change=${(e: Event) => {
            const v = (e.target as HTMLSelectElement).value;
            this.siteId = v === "all" ? "" : v;
          }}>
          <sl-option value="all">All sites</sl-option>${sites.map((s) => html`<sl-option value=${s.siteId}>${s.name}</sl-option>`)}
        </sl-select>`,
        )}
      </div>
      ${renderTask(this.data, ({ overview, sites }) => html`${this.summary(overview, sites)}${this.tables(overview, sites)}`)}
      <usage-panel></usage-panel>
    `;
  }

  private summary(overview: AnalyticsResponse, sites: SiteData) {
    const searches = overview.totalSearches;
    const noResultCount = sites.noResults.reduce((n, q) => n + q.count, 0);
    const clicks = overview.topQueries.reduce((n, q) => n + (q.clicks ?? 0), 0);
    const counted = overview.topQueries.reduce((n, q) => n + q.count, 0);
    const tokens = sites.usage.reduce((n, u) => n + u.totalTokens, 0);
    return html`
      <div class="stats card">
        <div class="stat"><strong data-testid="total-searches">${searches}</strong>searches</div>
        <div class="stat"><strong>${overview.totalChats}</strong>chats</div>
        <div class="stat"><strong>${overview.totalPagesIndexed}</strong>pages indexed</div>
        <div class="stat"><strong>${searches ? `${Math.round((100 * noResultCount) / searches)}%` : "—"}</strong>zero-result rate</div>
        <div class="stat"><strong>${counted ? `${Math.round((100 * clicks) / counted)}%` : "—"}</strong>click-through (top queries)</div>
        <div class="stat"><strong>${tokens}</strong>model tokens</div>
      </div>
      <div class="card"><h2>Searches and chats per day</h2>
        <div class="chart"><canvas role="img" aria-label="Bar chart of searches and chats per day" height="260"></canvas></div></div>
    `;
  }

  private tables(overview: AnalyticsResponse, d: SiteData) {
    const all = !this.siteId;
    const site = <T extends { site: string }>(row: T, cells: Array<string | number>) => (all ? [row.site, ...cells] : cells);
    const cols = (names: string[]) => (all ? ["Site", ...names] : names);
    return html`
      ${dataTable({
        title: "Top queries",
        file: "top-queries.csv",
        columns: ["Query", "Count", "Clicks"],
        rows: overview.topQueries.map((q) => [q.query, q.count, q.clicks ?? 0]),
        empty: "No searches in this range.",
      })}
      ${dataTable({
        title: "Queries with no result",
        file: "no-result-queries.csv",
        columns: cols(["Query", "Count"]),
        rows: d.noResults.map((q) => site(q, [q.query, q.count])),
        empty: "Every search found something.",
      })}
      ${dataTable({
        title: "Unanswered questions",
        file: "unanswered-questions.csv",
        columns: cols(["Question", "Times asked", "Last asked (UTC)"]),
        rows: d.unanswered.map((q) => site(q, [q.question, q.count, day(q.lastAskedAt)])),
        empty: "Every question asked found an answer in the content.",
      })}
      ${dataTable({
        title: "Answer feedback",
        file: "answer-feedback.csv",
        columns: cols(["Question", "Rating", "Reasons", "Comment", "Answered (UTC)"]),
        rows: d.feedback.map((f) => site(f, [f.question, f.rating === "up" ? "helpful" : "not helpful", f.tags.join(", "), f.reason ?? "", day(f.createdAt)])),
        empty: "No answer was rated in this range.",
      })}
      ${dataTable({
        title: "Reasons given with a thumbs-down",
        file: "feedback-reasons.csv",
        columns: ["Reason", "Times picked"],
        rows: d.reasons.map((r) => [r.tag, r.count]),
        empty: "No reasons given in this range.",
      })}
      ${dataTable({
        title: "Usage by site",
        file: "usage-by-site.csv",
        columns: ["Site", "Searches", "Chats", "Model tokens", "Chat budget today"],
        rows: d.usage.map((u) => [u.site, u.searches, u.chats, u.totalTokens, `${u.chatBudget.requests} of ${u.chatBudget.requestsPerDay} requests`]),
        empty: "No sites yet.",
      })}
    `;
  }
}
customElements.define("analytics-page", AnalyticsPage);
