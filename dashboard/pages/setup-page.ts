// The first-run link (/dashboard/setup?token=…: first user and organisation) and an invitation
// (/dashboard/invite?token=…: join an organisation); both sign the person in.
import { LitElement, html } from "lit";
import type { SessionView } from "../../shared/accounts.ts";
import { serialize } from "@shoelace-style/shoelace/dist/utilities/form.js";
import { api, errorText } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { fieldError, fieldErrorStyles } from "../field-errors.ts";
import { entryCardStyles } from "./login-page.ts";

const LABELS = { organisation: "Organisation name", email: "Email", password: "Password" };

export class SetupPage extends LitElement {
  static override properties = { mode: {}, token: {}, error: { state: true }, field: { state: true }, busy: { state: true } };
  static override styles = [pageStyles, fieldErrorStyles, entryCardStyles];
  mode: "setup" | "invite" = "setup";
  token = "";
  error = "";
  field: string | null = null;
  busy = false;

  private async submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    this.busy = true;
    this.error = "";
    try {
      const fields = serialize(event.target as HTMLFormElement) as Record<string, string>;
      const body = { ...fields, ...(fields.organisation === undefined ? {} : { organisation: fields.organisation.trim() }), token: this.token };
      const view = await api<SessionView>("POST", this.mode === "setup" ? "/api/setup" : "/api/invites/accept", body);
      window.dispatchEvent(new CustomEvent("dashboard-signed-in", { detail: view }));
    } catch (error) {
      const named = fieldError(errorText(error), LABELS);
      this.field = named?.field ?? null;
      this.error = named?.text ?? errorText(error);
    } finally {
      this.busy = false;
    }
  }

  private help(name: string, text: string) {
    return this.field === name ? this.error : text;
  }

  override render() {
    const setup = this.mode === "setup";
    if (!this.token)
      return html`<div class="card"><h1>Link incomplete</h1><p>Open the whole link printed by <code>npm start</code> (it ends with <code>?token=…</code>).</p></div>`;
    return html`
      <div class="card stack">
        <h1>${setup ? "Welcome: create the first account" : "Join an organisation"}</h1>
        <p class="muted">${setup ? "This one-time link creates the owner of the first organisation." : "This one-time invitation adds you to an organisation. Already have an account? Use its email and password."}</p>
        <form class="stack" @submit=${this.submit}>
          ${setup ? html`<sl-input name="organisation" label="Organisation name" required ?data-error=${this.field === "organisation"} help-text=${this.help("organisation", "Your company or project.")}></sl-input>` : ""}
          <sl-input name="email" type="email" label="Email" autocomplete="username" required ?data-error=${this.field === "email"} help-text=${this.help("email", "")}></sl-input>
          <sl-input name="password" type="password" label="Password" autocomplete="new-password" minlength="10" password-toggle required ?data-error=${this.field === "password"} help-text=${this.help("password", "At least 10 characters.")}></sl-input>
          ${this.error && !this.field ? html`<sl-alert variant="danger" open>${this.error}</sl-alert>` : ""}
          <sl-button type="submit" variant="primary" ?loading=${this.busy}>${setup ? "Create account" : "Join"}</sl-button>
        </form>
      </div>
    `;
  }
}
customElements.define("setup-page", SetupPage);
