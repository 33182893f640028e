// <webhook-deliveries>: one webhook's last deliveries (GET /api/webhooks/{id}/deliveries) with their status, the
// receiver's answer and the next retry; re-read when `revision` changes (a ping) and every few seconds while any
// delivery is still pending.
import { LitElement, css, html } from "lit";
import { Task } from "@lit/task";
import type { WebhookDelivery, WebhookDeliveryList } from "../../shared/webhooks.ts";
import { api } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { labelCells } from "../card-table.ts";
import { day, renderTask } from "../task-states.ts";

const SHOWN = 10;
const WORDS: Record<WebhookDelivery["status"], string> = { pending: "waiting", delivered: "delivered", failed: "failed" };

/** What the receiver answered, in plain words. */
function answerOf(d: WebhookDelivery): string {
  const status = d.responseStatus === null ? null : `HTTP ${d.responseStatus}`;
  const error = d.status === "delivered" ? null : d.lastError;
  if (!error) return status ?? "—";
  // The recorded error often is the status itself ("HTTP 503"): say it once.
  return !status || error.startsWith(status) ? error : `${status}: ${error}`;
}

export class WebhookDeliveries extends LitElement {
  static override properties = { webhookId: {}, revision: {} };
  static override styles = [
    pageStyles,
    css`
      h3 { font-size: var(--sl-font-size-medium); margin: var(--sl-spacing-medium) 0 var(--sl-spacing-x-small); }
      .status { font-weight: var(--sl-font-weight-semibold); }
      .pending { color: var(--sl-color-neutral-700); } .delivered { color: var(--sl-color-success-700); } .failed { color: var(--sl-color-danger-700); }
    `,
  ];
  webhookId = "";
  revision = "";
  private timer: ReturnType<typeof setTimeout> | undefined;

  private deliveries = new Task(this, {
    task: async ([id], { signal }) => {
      const { deliveries } = await api<WebhookDeliveryList>("GET", `/api/webhooks/${encodeURIComponent(id!)}/deliveries`, undefined, signal);
      clearTimeout(this.timer);
      if (deliveries.some((d) => d.status === "pending") && this.isConnected) this.timer = setTimeout(() => void this.deliveries.run(), 2000);
      return deliveries;
    },
    args: () => [this.webhookId, this.revision],
  });

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.timer);
  }

  override updated(): void {
    labelCells(this.renderRoot);
  }

  override render() {
    return html`<h3>Recent deliveries</h3>${renderTask(this.deliveries, (all) =>
      all.length === 0
        ? html`<p class="muted">Nothing sent yet: "Send a ping" tries the receiver now.</p>`
        : html`<div class="table-wrap"><table class="cards" data-testid="webhook-deliveries">
            <thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Receiver's answer</th><th scope="col">Attempts</th>
              <th scope="col">Sent (UTC)</th></tr></thead>
            <tbody>${all.slice(0, SHOWN).map(
              (d) => html`<tr>
                <td><code>${d.eventType}</code></td>
                <td><span class="status ${d.status}">${WORDS[d.status]}</span>${d.status === "pending" && d.nextAttemptAt ? html`<div class="muted">next try ${day(d.nextAttemptAt)}</div>` : ""}</td>
                <td>${answerOf(d)}</td><td>${d.attempts}</td><td>${day(d.deliveredAt ?? d.createdAt)}</td>
              </tr>`,
            )}</tbody></table></div>
            ${all.length > SHOWN ? html`<p class="muted">The ${SHOWN} newest of ${all.length} kept.</p>` : ""}`,
    )}`;
  }
}
customElements.define("webhook-deliveries", WebhookDeliveries);
