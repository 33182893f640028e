// <usage-panel>: the organisation's model usage for a month (GET /api/usage): requests, tokens in and out, the
// estimated cost, split into ingest and chat. Billing counts whole UTC months, so it has its own month picker.
import { LitElement, html } from "lit";
import { Task } from "@lit/task";
import type { UsageResponse } from "../../shared/analytics.ts";
import { counted } from "../counted.ts";
import { api } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { renderTask } from "../task-states.ts";
import { dataTable, tableStyles } from "./analytics-table.ts";

/** The current UTC month and the eleven before it, newest first: YYYY-MM. */
export function recentMonths(now = new Date(), count = 12): string[] {
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)).toISOString().slice(0, 7));
}

const cost = (usd: number) => `$${usd.toFixed(usd < 1 ? 4 : 2)}`;

export class UsagePanel extends LitElement {
  static override properties = { month: { state: true } };
  static override styles = [pageStyles, tableStyles];
  month = recentMonths()[0]!;
  private usage = new Task(this, {
    task: ([month], { signal }) => api<UsageResponse>("GET", `/api/usage?month=${month}`, undefined, signal),
    args: () => [this.month] as const,
  });

  override render() {
    return html`
      <div class="spread"><h2>Usage and cost</h2>
        <sl-select label="Month (UTC)" value=${this.month} @sl-change=${(e: Event) => (this.month = (e.target as HTMLSelectElement).value)}>
          ${recentMonths().map((m) => html`<sl-option value=${m}>${m}</sl-option>`)}</sl-select></div>
      ${renderTask(
        this.usage,
        (u) => html`
        <div class="stats card">
          <div class="stat"><strong data-testid="usage-requests">${u.ai.totalRequests}</strong>model requests</div>
          <div class="stat"><strong>${u.ai.totalTokens}</strong>tokens (${u.ai.totalInputTokens} in, ${u.ai.totalOutputTokens} out)</div>
          <div class="stat"><strong data-testid="usage-cost">${cost(u.ai.estimatedCost)}</strong>estimated cost</div>
          <div class="stat"><strong>${u.searches.total}</strong>queries served (${counted(u.searches.chat, "chat")})</div>
          <div class="stat"><strong>${u.vectorDb.totalDocuments}</strong>embedded chunks in ${counted(u.vectorDb.totalCollections, "site")}</div>
        </div>
        ${dataTable({
          title: "Model usage by purpose",
          file: "usage-by-purpose.csv",
          columns: ["Purpose", "Requests", "Tokens"],
          rows: [
            ["Ingest (embedding)", u.ai.ingest.requests, u.ai.ingest.tokens],
            ["Chat answers", u.ai.chat.requests, u.ai.chat.tokens],
            ["Total", u.ai.totalRequests, u.ai.totalTokens],
          ],
          empty: "",
          note: `Cost is estimated from list prices per model, in US dollars; ${u.month}.`,
        })}`,
      )}
    `;
  }
}
customElements.define("usage-panel", UsagePanel);
