// API keys: list (prefix, role, scope, created, last used), create with optional scope (shown once, with a
// copy button), revoke. Owners and admins only, as the API enforces.
import { LitElement, css, html } from "lit";
import { Task } from "@lit/task";
import { KeyActions, type CreatedKey, type KeyList, type KeyView, type Role } from "../../shared/keys.ts";
import type { SiteList } from "../../shared/sites.ts";
import { api, errorText } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { copyText } from "../copy-text.ts";
import { day, renderTask } from "../task-states.ts";
import { labelCells } from "../card-table.ts";
import { fieldError, fieldErrorStyles } from "../field-errors.ts";

const LABELS = { name: "Name", actions: "Actions", sites: "Sites", expiresAt: "Expiry date", role: "Role" };

/** "search, chat; Acme docs" rather than "1 site(s)": the scope names what it is limited to. */
function scopeText(key: KeyView, sites: SiteList["sites"]): string {
  const actions = key.scope.actions?.join(", ") ?? "all actions";
  if (!key.scope.sites) return `${actions}; all sites`;
  const names = key.scope.sites.map((id) => sites.find((s) => s.siteId === id)?.name ?? id);
  return `${actions}; ${names.length <= 3 ? names.join(", ") : `${names.slice(0, 3).join(", ")} and ${names.length - 3} more`}`;
}

export class KeysPage extends LitElement {
  static override properties = { userRole: {}, created: { state: true }, revoking: { state: true }, error: { state: true }, errors: { state: true } };
  static override styles = [
    pageStyles,
    fieldErrorStyles,
    css`
      fieldset { border: 1px solid var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-medium); padding: var(--sl-spacing-small) var(--sl-spacing-medium); margin: 0; }
      fieldset[data-error] { border-color: var(--sl-color-danger-600); }
      legend { font-size: var(--sl-input-label-font-size-medium); padding: 0 var(--sl-spacing-2x-small); }
      fieldset .help { flex-basis: 100%; margin: 0; }
      fieldset[data-error] .help { color: var(--sl-color-danger-700); }
    `,
  ];
  /** Field name → what is wrong with it, said under the field. */
  errors: Record<string, string> = {};
  userRole: Role = "member";
  created: CreatedKey | null = null;
  /** The key whose revocation waits for confirmation. */
  revoking: KeyView | null = null;
  error = "";
  private data = new Task(this, {
    task: async (_args: readonly [], { signal }) => {
      const [keys, sites] = await Promise.all([api<KeyList>("GET", "/api/keys", undefined, signal), api<SiteList>("GET", "/api/sites", undefined, signal)]);
      return { keys: keys.keys, sites: sites.sites };
    },
    args: () => [],
  });

  private async create(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const field = <T>(name: string) => (form.querySelector(`[name="${name}"]`) as unknown as { value: T }).value;
    const actions = KeyActions.filter((a) => (form.querySelector(`[name="action-${a}"]`) as HTMLInputElement).checked);
    const sites = field<string[]>("sites");
    const expires = field<string>("expiresAt");
    const name = field<string>("name").trim();
    this.error = "";
    this.errors = {
      ...(name ? {} : { name: "Name must not be empty: say where the key is used." }),
      ...(actions.length ? {} : { actions: "Choose at least one action the key may take." }),
    };
    if (Object.keys(this.errors).length) return;
    try {
      this.created = await api<CreatedKey>("POST", "/api/keys", {
        name,
        role: field<Role>("role"),
        actions: actions.length === KeyActions.length ? null : actions,
        sites: sites.length ? sites : null,
        expiresAt: expires ? Math.floor(new Date(`${expires}T23:59:59Z`).getTime() / 1000) : null,
      });
      form.reset();
      void this.data.run();
    } catch (error) {
      const named = fieldError(errorText(error), LABELS);
      if (named) this.errors = { [named.field]: named.text };
      else this.error = errorText(error);
    }
  }

  private async revoke(key: KeyView): Promise<void> {
    this.revoking = null;
    await api("DELETE", `/api/keys/${key.id}`);
    void this.data.run();
  }

  override updated(): void {
    labelCells(this.renderRoot);
  }

  override render() {
    if (this.userRole === "member") return html`<h1>API keys</h1><p>Keys are managed by owners and admins of the organisation.</p>`;
    return html`
      <h1>API keys</h1>
      ${renderTask(
        this.data,
        ({ keys, sites }) => html`
        <div class="card">
          <h2>Create a key</h2>
          <form class="stack" @submit=${this.create}>
            <sl-input name="name" label="Name" ?data-error=${!!this.errors.name} help-text=${this.errors.name ?? "Where it is used, e.g. 'docs deploy'."}></sl-input>
            <sl-select name="role" label="Role" value="member">
              <sl-option value="member">Member</sl-option><sl-option value="admin">Admin</sl-option>
              ${this.userRole === "owner" ? html`<sl-option value="owner">Owner (may delete sites)</sl-option>` : ""}
            </sl-select>
            <fieldset class="row" ?data-error=${!!this.errors.actions} aria-describedby="actions-help"><legend>Actions</legend>${KeyActions.map((a) => html`<sl-checkbox name="action-${a}" checked>${a}</sl-checkbox>`)}
              <p class="help muted" id="actions-help">${this.errors.actions ?? "What the key may do; all of them by default."}</p></fieldset>
            <sl-select name="sites" label="Sites" multiple clearable placeholder="Every site" help-text="Leave empty for every site.">
              ${sites.map((s) => html`<sl-option value=${s.siteId}>${s.name}</sl-option>`)}
            </sl-select>
            <sl-input name="expiresAt" type="date" label="Expires (optional)" ?data-error=${!!this.errors.expiresAt} help-text=${this.errors.expiresAt ?? ""}></sl-input>
            ${this.error ? html`<sl-alert variant="danger" open>${this.error}</sl-alert>` : ""}
            <div><sl-button type="submit" variant="primary">Create key</sl-button></div>
          </form>
        </div>
        <div class="table-wrap"><table class="cards" data-testid="keys-table">
          <thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Role</th><th scope="col">Scope</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span class="muted">Actions</span></th></tr></thead>
          <tbody>${keys.map(
            (k) => html`<tr>
            <td>${k.name}</td><td><code>${k.prefix}…</code></td><td>${k.role}</td>
            <td>${scopeText(k, sites)}${k.expiresAt ? html`<br />expires ${day(k.expiresAt)}` : ""}</td>
            <td>${day(k.createdAt)}</td><td>${day(k.lastUsedAt)}</td>
            <td>${k.revokedAt ? html`<sl-badge variant="neutral">revoked</sl-badge>` : html`<sl-button size="small" variant="danger" outline @click=${() => (this.revoking = k)}>Revoke<span class="visually-hidden"> ${k.name}</span></sl-button>`}</td>
          </tr>`,
          )}</tbody>
        </table></div>
      `,
      )}
      <sl-dialog label="Your new key" ?open=${this.created !== null} @sl-after-hide=${() => (this.created = null)}>
        <p>Copy it now: it is shown only once.</p>
        <pre data-testid="new-key">${this.created?.secret ?? ""}</pre>
        <sl-button size="small" @click=${() => copyText(this.created?.secret ?? "")}>Copy key</sl-button>
        <sl-button slot="footer" variant="primary" @click=${() => (this.created = null)}>Done</sl-button>
      </sl-dialog>
      <sl-dialog label="Revoke this key?" ?open=${this.revoking !== null} @sl-after-hide=${() => (this.revoking = null)}>
        <p>Requests with "${this.revoking?.name}" (<code>${this.revoking?.prefix}…</code>) are refused from the next one on. This cannot be undone.</p>
        <sl-button slot="footer" @click=${() => (this.revoking = null)}>Keep it</sl-button>
        <sl-button slot="footer" variant="danger" @click=${() => this.revoke(this.revoking!)}>Revoke key</sl-button>
      </sl-dialog>
    `;
  }
}
customElements.define("keys-page", KeysPage);
