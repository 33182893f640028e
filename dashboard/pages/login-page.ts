// Sign in with email and password (POST /api/session); the server sets the HttpOnly cookie.
import { LitElement, css, html } from "lit";
import type { SessionView } from "../../shared/accounts.ts";
import { serialize } from "@shoelace-style/shoelace/dist/utilities/form.js";
import { api, errorText } from "../api.ts";
import { pageStyles } from "../page-styles.ts";

/** Sign-in and first-run cards stand alone on the page: centred, at a width a form reads well at. */
export const entryCardStyles = css`
  :host { max-width: 30rem; margin: clamp(1rem, 8vh, 5rem) auto 0; }
  .card.stack { max-width: none; }
`;

export class LoginPage extends LitElement {
  static override properties = { error: { state: true }, busy: { state: true } };
  static override styles = [pageStyles, entryCardStyles];
  error = "";
  busy = false;

  private async submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    this.busy = true;
    this.error = "";
    try {
      const view = await api<SessionView>("POST", "/api/session", serialize(event.target as HTMLFormElement));
      window.dispatchEvent(new CustomEvent("dashboard-signed-in", { detail: view }));
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.busy = false;
    }
  }

  override render() {
    return html`
      <div class="card stack">
        <h1>Sign in</h1>
        <form class="stack" @submit=${this.submit}>
          <sl-input name="email" type="email" label="Email" autocomplete="username" required></sl-input>
          <sl-input name="password" type="password" label="Password" autocomplete="current-password" password-toggle required></sl-input>
          ${this.error ? html`<sl-alert variant="danger" open>${this.error}</sl-alert>` : ""}
          <sl-button type="submit" variant="primary" ?loading=${this.busy}>Sign in</sl-button>
        </form>
        <p class="muted">Forgot the password? An operator runs <code>site-search users reset-password --email …</code>.</p>
      </div>
    `;
  }
}
customElements.define("login-page", LoginPage);
