// Search groups (Enterprise): list, create, edit and delete groups over the organisation's sites (/api/groups).
// Other plans see what the feature is, that it needs Enterprise (the API's PLAN_REQUIRED) and how to change plans.
import { LitElement, css, html } from "lit";
import { Task } from "@lit/task";
import type { Group, GroupList } from "../../shared/groups.ts";
import type { SiteList } from "../../shared/sites.ts";
import { ApiError, api, errorText } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { fieldErrorStyles } from "../field-errors.ts";
import { renderTask } from "../task-states.ts";

export class GroupsPage extends LitElement {
  static override properties = {
    orgId: {},
    nameError: { state: true },
    editing: { state: true },
    deleting: { state: true },
    error: { state: true },
    busy: { state: true },
  };
  static override styles = [
    pageStyles,
    fieldErrorStyles,
    css`form h2 { margin: 0; } fieldset { border: none; padding: 0; margin: 0; } legend { margin-bottom: var(--sl-spacing-x-small); }`,
  ];
  /** The signed-in organisation, named in the command that changes its plan. */
  orgId = "";
  /** The group in the form: null for a new one. */
  editing: Group | null = null;
  deleting: Group | null = null;
  error = "";
  /** Said under the name field when it is empty. */
  nameError = "";
  busy = false;

  private data = new Task(this, {
    task: async (_args, { signal }) => {
      const { sites } = await api<SiteList>("GET", "/api/sites", undefined, signal);
      try {
        const { groups } = await api<GroupList>("GET", "/api/groups", undefined, signal);
        return { sites, groups, enterprise: true };
      } catch (error) {
        if (error instanceof ApiError && (error.code === "PLAN_REQUIRED" || error.status === 402)) return { sites, groups: [] as Group[], enterprise: false };
        throw error;
      }
    },
    args: () => [],
  });

  private async save(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const value = (name: string) => (form.querySelector(`[name="${name}"]`) as unknown as { value: string }).value;
    const boxes = [...form.querySelectorAll<HTMLElement & { checked: boolean }>("sl-checkbox[data-site]")];
    const siteIds = boxes.filter((c) => c.checked).map((c) => c.dataset.site ?? "");
    const body = { name: value("name").trim(), description: value("description").trim(), siteIds };
    this.nameError = body.name ? "" : "Name must not be empty: what do these sites have in common?";
    this.error = siteIds.length === 0 ? "Pick at least one site." : "";
    if (this.nameError || this.error) return;
    this.busy = true;
    try {
      if (this.editing) await api("PUT", `/api/groups/${encodeURIComponent(this.editing.groupId)}`, body);
      else await api("POST", "/api/groups", body);
      this.error = "";
      this.editing = null;
      form.reset();
      await this.data.run();
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.busy = false;
    }
  }

  private async deleteGroup(group: Group): Promise<void> {
    try {
      await api("DELETE", `/api/groups/${encodeURIComponent(group.groupId)}`);
      this.deleting = null;
      if (this.editing?.groupId === group.groupId) this.editing = null;
      await this.data.run();
    } catch (error) {
      this.error = errorText(error);
      this.deleting = null;
    }
  }

  override render() {
    return html`
      <h1>Search groups</h1>
      <p class="muted">A group searches several of your sites at once: give its id to the widget's <code>group-id</code> or to the group search endpoint.</p>
      ${renderTask(this.data, ({ sites, groups, enterprise }) =>
        !enterprise
          ? html`<sl-alert variant="primary" open data-testid="groups-plan"><sl-icon slot="icon" name="info-circle"></sl-icon>
              <strong>Search groups are part of the Enterprise plan.</strong><br />
              On your own server, the operator changes an organisation's plan from the command line:
              <code>site-search orgs plan --org ${this.orgId || "ORG_ID"} --plan enterprise</code> (<code>orgs list</code> shows the ids).</sl-alert>`
          : html`${this.table(groups, new Map(sites.map((s) => [s.siteId, s.name])))}${this.form(sites)}`,
      )}
      <sl-dialog label="Delete this group?" ?open=${this.deleting !== null} @sl-after-hide=${() => (this.deleting = null)}>
        <p>“${this.deleting?.name}” stops working in widgets and calls that use its id. Its sites are not touched.</p>
        <sl-button slot="footer" @click=${() => (this.deleting = null)}>Keep it</sl-button>
        <sl-button slot="footer" variant="danger" @click=${() => this.deleteGroup(this.deleting!)}>Delete group</sl-button>
      </sl-dialog>
    `;
  }

  private table(groups: Group[], names: Map<string, string>) {
    if (groups.length === 0) return html`<div class="card"><p>No groups yet.</p></div>`;
    return html`<div class="card table-wrap"><table data-testid="groups-table">
      <thead><tr><th scope="col">Name</th><th scope="col">Id</th><th scope="col">Sites</th><th scope="col">Actions</th></tr></thead>
      <tbody>${groups.map(
        (g) => html`<tr>
        <td><strong>${g.name}</strong>${g.description ? html`<div class="muted">${g.description}</div>` : ""}</td>
        <td><code>${g.groupId}</code></td>
        <td>${g.siteIds.map((id) => names.get(id) ?? id).join(", ")}</td>
        <td><div class="row"><sl-button size="small" @click=${() => {
          this.editing = g;
          this.error = "";
        }}>Edit ${g.name}</sl-button>
          <sl-button size="small" variant="danger" outline @click=${() => (this.deleting = g)}>Delete ${g.name}</sl-button></div></td>
      </tr>`,
      )}</tbody></table></div>`;
  }

  private form(sites: SiteList["sites"]) {
    const g = this.editing;
    // Keyed by the group so switching between edits re-creates the fields with their values.
    return html`<form class="card stack" data-group=${g?.groupId ?? "new"} @submit=${this.save}>
      <h2>${g ? `Edit ${g.name}` : "New group"}</h2>
      <sl-input name="name" label="Name" maxlength="200" .value=${g?.name ?? ""} ?data-error=${!!this.nameError} help-text=${this.nameError}></sl-input>
      <sl-input name="description" label="Description" maxlength="2000" .value=${g?.description ?? ""}></sl-input>
      <fieldset><legend>Sites</legend><div class="row">${sites.map(
        (s) => html`
        <sl-checkbox data-site=${s.siteId} .checked=${g?.siteIds.includes(s.siteId) ?? false}>${s.name}</sl-checkbox>`,
      )}</div></fieldset>
      ${this.error ? html`<sl-alert variant="danger" open>${this.error}</sl-alert>` : ""}
      <div class="row"><sl-button type="submit" variant="primary" ?loading=${this.busy}>${g ? "Save group" : "Create group"}</sl-button>
        ${
          g
            ? html`<sl-button @click=${() => {
                this.editing = null;
                this.error = "";
              }}>Cancel</sl-button>`
            : ""
        }</div>
    </form>`;
  }
}
customElements.define("groups-page", GroupsPage);
