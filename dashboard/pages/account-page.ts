// The signed-in person: which organisation the dashboard acts on, password change, and invitations (owners, admins).
import { LitElement, html } from "lit";
import type { Invite, SessionView } from "../../shared/accounts.ts";
import { api, errorText } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { copyText } from "../copy-text.ts";

export class AccountPage extends LitElement {
  static override properties = { session: {}, message: { state: true }, invite: { state: true } };
  static override styles = pageStyles;
  session!: SessionView;
  message: { variant: "success" | "danger"; text: string } | null = null;
  invite: Invite | null = null;

  private async run(action: () => Promise<void>, done: string): Promise<void> {
    try {
      await action();
      this.message = { variant: "success", text: done };
    } catch (error) {
      this.message = { variant: "danger", text: errorText(error) };
    }
  }

  private changePassword(event: SubmitEvent): void {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const value = (name: string) => (form.querySelector(`[name="${name}"]`) as HTMLInputElement).value;
    void this.run(async () => {
      await api("PUT", "/api/session/password", { currentPassword: value("currentPassword"), newPassword: value("newPassword") });
      form.reset();
    }, "Password changed; your other sessions have ended.");
  }

  private createInvite(event: SubmitEvent): void {
    event.preventDefault();
    const role = (this.renderRoot.querySelector('[name="inviteRole"]') as HTMLSelectElement).value;
    void this.run(async () => {
      this.invite = await api<Invite>("POST", "/api/invites", { role });
    }, "Invitation created.");
  }

  private chooseOrg(orgId: string): void {
    void this.run(async () => {
      const view = await api<SessionView>("PUT", "/api/session/organisation", { orgId });
      window.dispatchEvent(new CustomEvent("dashboard-signed-in", { detail: view }));
    }, "Organisation switched.");
  }

  override render() {
    const { session } = this;
    const canInvite = session.organisation.role !== "member";
    const link = this.invite ? `${location.origin}${this.invite.link}` : "";
    return html`
      <h1>Account</h1>
      ${this.message ? html`<sl-alert variant=${this.message.variant} open>${this.message.text}</sl-alert>` : ""}
      <div class="card">
        <h2>Organisation</h2>
        <p>You are ${session.organisation.role} of <strong>${session.organisation.name}</strong> (plan ${session.organisation.plan}).</p>
        ${
          session.memberships.length > 1
            ? html`<sl-select label="Act on" value=${session.organisation.orgId} @sl-change=${(e: Event) => this.chooseOrg((e.target as HTMLSelectElement).value)}>
          ${session.memberships.map((m) => html`<sl-option value=${m.orgId}>${m.name} (${m.role})</sl-option>`)}</sl-select>`
            : ""
        }
      </div>
      ${
        canInvite
          ? html`<div class="card">
        <h2>Invite someone</h2>
        <form class="row" @submit=${this.createInvite}>
          <sl-select name="inviteRole" label="Role" value="member"><sl-option value="member">Member</sl-option><sl-option value="admin">Admin</sl-option>${session.organisation.role === "owner" ? html`<sl-option value="owner">Owner</sl-option>` : ""}</sl-select>
          <sl-button type="submit">Create invitation link</sl-button>
        </form>
        ${this.invite ? html`<p>Send this one-time link (valid 7 days):</p><pre>${link}</pre><sl-button size="small" @click=${() => copyText(link)}>Copy link</sl-button>` : ""}
      </div>`
          : ""
      }
      <div class="card">
        <h2>Change password</h2>
        <form class="stack" @submit=${this.changePassword}>
          <sl-input name="currentPassword" type="password" label="Current password" autocomplete="current-password" required></sl-input>
          <sl-input name="newPassword" type="password" label="New password" autocomplete="new-password" minlength="10" required></sl-input>
          <div><sl-button type="submit">Change password</sl-button></div>
        </form>
      </div>
    `;
  }
}
customElements.define("account-page", AccountPage);
