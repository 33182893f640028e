// Webhooks (/api/webhooks): subscribe a URL to events, the signing secret shown once with a copy button, and for
// each webhook its recent deliveries, a ping and (owners and admins) deletion behind a confirmation.
import { LitElement, css, html } from "lit";
import { Task } from "@lit/task";
import type { Role } from "../../shared/keys.ts";
import type { CreateWebhookResponse, PingWebhookResponse, Webhook, WebhookEventType, WebhookList } from "../../shared/webhooks.ts";
import { api, errorText } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { copyText } from "../copy-text.ts";
import { day, renderTask } from "../task-states.ts";
import "./webhook-deliveries.ts";

/** The events an owner subscribes to, in plain words (ping is sent on request to any webhook). */
const EVENTS: Array<[Exclude<WebhookEventType, "ping">, string]> = [
  ["crawl.completed", "a crawl finished"],
  ["crawl.failed", "a crawl failed"],
  ["site.ready", "every page of a site is searchable, vectors included"],
  ["site.stale", "a scheduled crawl is overdue"],
  ["pages.removed", "a crawl removed pages that are gone"],
];

export class WebhooksPage extends LitElement {
  static override properties = {
    userRole: {},
    created: { state: true },
    copied: { state: true },
    deleting: { state: true },
    error: { state: true },
    notice: { state: true },
    pinged: { state: true },
  };
  static override styles = [
    pageStyles,
    css`
      fieldset { border: none; padding: 0; margin: 0; display: flex; flex-direction: column; gap: var(--sl-spacing-x-small); }
      legend { font-weight: var(--sl-font-weight-semibold); margin-bottom: var(--sl-spacing-x-small); }
      .url { overflow-wrap: anywhere; font-family: var(--sl-font-mono); font-size: var(--sl-font-size-medium); }
      sl-alert { margin-bottom: var(--sl-spacing-medium); }
      .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
      .webhook h2 { margin-top: 0; }
      .events { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-2x-small); margin: var(--sl-spacing-x-small) 0; }
      .events code { background: var(--sl-color-neutral-100); padding: 0 var(--sl-spacing-2x-small); border-radius: var(--sl-border-radius-small); }
    `,
  ];
  userRole: Role = "member";
  /** The webhook just created, with its secret: shown once. */
  created: CreateWebhookResponse | null = null;
  copied = false;
  deleting: Webhook | null = null;
  error = "";
  notice = "";
  /** Bumped after a ping so the deliveries of that webhook are read again. */
  pinged: Record<string, number> = {};

  private webhooks = new Task(this, {
    task: async (_args: readonly [], { signal }) => (await api<WebhookList>("GET", "/api/webhooks", undefined, signal)).webhooks,
    args: () => [],
  });

  private async create(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const url = (form.querySelector('[name="url"]') as unknown as { value: string }).value.trim();
    const events = EVENTS.map(([type]) => type).filter((type) => (form.querySelector(`[name="event-${type}"]`) as HTMLInputElement).checked);
    this.error = !/^https?:\/\/\S+$/i.test(url)
      ? "Give the receiver's full address, starting with https:// (or http://)."
      : events.length === 0
        ? "Pick at least one event."
        : "";
    if (this.error) return;
    try {
      this.created = await api<CreateWebhookResponse>("POST", "/api/webhooks", { url, events });
      this.copied = false;
      form.reset();
      void this.webhooks.run();
    } catch (error) {
      this.error = errorText(error);
    }
  }

  private async ping(hook: Webhook): Promise<void> {
    try {
      await api<PingWebhookResponse>("POST", `/api/webhooks/${encodeURIComponent(hook.id)}/ping`);
      this.notice = `Ping queued for ${hook.url}; it appears below once sent.`;
      this.pinged = { ...this.pinged, [hook.id]: (this.pinged[hook.id] ?? 0) + 1 };
    } catch (error) {
      this.notice = errorText(error);
    }
  }

  private async deleteHook(hook: Webhook): Promise<void> {
    this.deleting = null;
    try {
      await api("DELETE", `/api/webhooks/${encodeURIComponent(hook.id)}`);
      this.notice = `Deleted the webhook to ${hook.url}.`;
      void this.webhooks.run();
    } catch (error) {
      this.notice = errorText(error);
    }
  }

  private async copy(): Promise<void> {
    this.copied = await copyText(this.created?.secret ?? "");
  }

  override render() {
    return html`
      <h1>Webhooks</h1>
      <p class="muted">Each event is sent as a signed POST to your URL and retried for about three hours until it answers 2xx.
        The receiver verifies each one with the secret shown when the webhook is added (docs/webhooks.md shows how).</p>
      ${this.notice ? html`<sl-alert variant="primary" open closable @sl-after-hide=${() => (this.notice = "")} data-testid="webhook-notice">${this.notice}</sl-alert>` : ""}
      ${renderTask(this.webhooks, (hooks) => html`${this.form()}${hooks.length === 0 ? html`<p class="muted" data-testid="no-webhooks">No webhook yet.</p>` : hooks.map((h) => this.card(h))}`)}
      ${this.dialogs()}
    `;
  }

  private form() {
    return html`<div class="card">
      <h2>Add a webhook</h2>
      <form class="stack" @submit=${this.create} novalidate>
        <sl-input name="url" label="Receiver URL" placeholder="https://hooks.example.com/site-search" required
          help-text="A public address; it receives a POST for each event."></sl-input>
        <fieldset><legend>Events</legend>
          ${EVENTS.map(([type, words]) => html`<sl-checkbox name="event-${type}" checked><code>${type}</code>: ${words}</sl-checkbox>`)}
        </fieldset>
        ${this.error ? html`<sl-alert variant="danger" open data-testid="webhook-error">${this.error}</sl-alert>` : ""}
        <div><sl-button type="submit" variant="primary">Add webhook</sl-button></div>
      </form>
    </div>`;
  }

  private card(hook: Webhook) {
    return html`<section class="card webhook" aria-labelledby="hook-${hook.id}" data-testid="webhook">
      <h2 id="hook-${hook.id}" class="url">${hook.url}</h2>
      <div class="events">${hook.events.map((e) => html`<code>${e}</code>`)}</div>
      <p class="muted">Added ${day(hook.createdAt)} UTC · <code>${hook.id}</code></p>
      <div class="row">
        <sl-button size="small" @click=${() => this.ping(hook)}>Send a ping<span class="visually-hidden"> to ${hook.url}</span></sl-button>
        ${
          this.userRole === "member"
            ? ""
            : html`<sl-button size="small" variant="danger" outline @click=${() => (this.deleting = hook)}>Delete<span class="visually-hidden"> the webhook to ${hook.url}</span></sl-button>`
        }
      </div>
      <webhook-deliveries .webhookId=${hook.id} revision=${this.pinged[hook.id] ?? 0}></webhook-deliveries>
    </section>`;
  }

  private dialogs() {
    return html`
      <sl-dialog label="Your webhook's signing secret" ?open=${this.created !== null} @sl-after-hide=${(e: Event) => e.target === e.currentTarget && ((this.created = null))}>
        <p>Copy it now and keep it with the receiver: it is shown only once. The receiver checks each delivery's
          <code>X-Site-Search-Signature</code> with it.</p>
        <pre data-testid="webhook-secret">${this.created?.secret ?? ""}</pre>
        <div class="row">
          <sl-button size="small" @click=${() => this.copy()}><sl-icon slot="prefix" name=${this.copied ? "check" : "copy"}></sl-icon>Copy secret</sl-button>
          ${this.copied ? html`<span class="muted" role="status">Copied.</span>` : ""}
        </div>
        <sl-button slot="footer" variant="primary" @click=${() => (this.created = null)}>Done</sl-button>
      </sl-dialog>
      <sl-dialog label="Delete this webhook?" ?open=${this.deleting !== null} @sl-after-hide=${(e: Event) => e.target === e.currentTarget && ((this.deleting = null))}>
        <p>Events stop going to <code>${this.deleting?.url}</code>, and its delivery log is deleted. This cannot be undone.</p>
        <sl-button slot="footer" @click=${() => (this.deleting = null)}>Keep it</sl-button>
        <sl-button slot="footer" variant="danger" @click=${() => this.deleteHook(this.deleting!)}>Delete webhook</sl-button>
      </sl-dialog>
    `;
  }
}
customElements.define("webhooks-page", WebhooksPage);
