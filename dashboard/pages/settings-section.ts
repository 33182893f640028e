// <settings-section>: one titled form of site settings drawn from field specs; Save sends only its own settings
// (PUT /api/sites/{id}) and shows the API's validation error beside the field it names.
import { LitElement, css, html } from "lit";
import type { SiteDetail } from "../../shared/sites.ts";
import { api, errorText } from "../api.ts";
import { labelledError } from "../field-errors.ts";
import { pageStyles } from "../page-styles.ts";
import { fieldPathOfError, setAt, valueAt, type FieldSpec } from "./settings-fields.ts";
import { scheduleControl } from "./schedule-field.ts";

/** A section may add to the update what its plain fields cannot say (credentials). */
export type ExtraPatch = (value: (path: string) => string, site: SiteDetail) => Record<string, unknown>;

export class SettingsSection extends LitElement {
  static override properties = {
    site: { attribute: false },
    heading: {},
    fields: { attribute: false },
    errors: { state: true },
    saved: { state: true },
    busy: { state: true },
  };
  static override styles = [
    pageStyles,
    css`
      .field-error { color: var(--sl-color-danger-700); font-size: var(--sl-font-size-small); margin: var(--sl-spacing-2x-small) 0 0; }
      form { max-width: 40rem; }
    `,
  ];
  site!: SiteDetail;
  heading = "";
  fields: FieldSpec[] = [];
  extra: ExtraPatch | null = null;
  /** Field path → message; "" holds a message no field claims. */
  errors: Record<string, string> = {};
  saved = false;
  busy = false;

  private control(path: string): HTMLInputElement | null {
    return this.renderRoot.querySelector(`[name="${path}"]`);
  }

  private raw(spec: FieldSpec): string | boolean {
    const el = this.control(spec.path);
    return spec.kind === "switch" ? Boolean(el?.checked) : (el?.value ?? "");
  }

  /** The update body this section's fields describe; parse problems are collected per field. */
  private patch(): Record<string, unknown> | null {
    const body: Record<string, unknown> = {};
    const errors: Record<string, string> = {};
    for (const spec of this.fields.filter((f) => !f.path.includes(".auth."))) {
      try {
        const value = spec.write ? spec.write(this.raw(spec), this.site) : this.raw(spec);
        if (value !== undefined) setAt(body, spec.path, value);
      } catch (error) {
        errors[spec.path] = errorText(error);
      }
    }
    try {
      const extra = this.extra?.((p) => String(this.control(p)?.value ?? ""), this.site) ?? {};
      if (Object.keys(extra).length) body.crawlerConfig = { ...(body.crawlerConfig as object), ...extra };
    } catch (error) {
      errors[(error as { field?: string }).field ?? ""] = errorText(error);
    }
    this.errors = errors;
    return Object.keys(errors).length ? null : body;
  }

  /** The field an API message names: the longest field path it starts with, else the first field under it. */
  private claim(message: string): string {
    const path = fieldPathOfError(message);
    if (!path) return "";
    const under = (a: string, b: string) => a === b || a.startsWith(`${b}.`);
    const owners = this.fields.filter((f) => under(path, f.path)).sort((a, b) => b.path.length - a.path.length);
    return owners[0]?.path ?? this.fields.find((f) => under(f.path, path))?.path ?? "";
  }

  private async save(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    this.saved = false;
    const body = this.patch();
    if (!body) return;
    this.busy = true;
    try {
      await api("PUT", `/api/sites/${encodeURIComponent(this.site.siteId)}`, body);
      this.saved = true;
      this.dispatchEvent(new CustomEvent("site-saved", { bubbles: true, composed: true }));
    } catch (error) {
      const owner = this.claim(errorText(error));
      const label = this.fields.find((f) => f.path === owner)?.label;
      this.errors = { [owner]: label ? labelledError(errorText(error), label) : errorText(error) };
    } finally {
      this.busy = false;
    }
  }

  private renderField(spec: FieldSpec) {
    const value = spec.read ? spec.read(this.site) : valueAt(this.site, spec.path);
    const error = this.errors[spec.path];
    const id = `err-${spec.path.replaceAll(".", "-")}`;
    const shown = error ? html`<p class="field-error" id=${id} role="alert" data-testid="field-error">${error}</p>` : "";
    if (spec.kind === "schedule") return html`<div>${scheduleControl(spec.path, spec.label, String(value ?? ""), shown)}</div>`;
    const control =
      spec.kind === "switch"
        ? html`<sl-switch name=${spec.path} ?checked=${Boolean(value)} help-text=${spec.help ?? ""}>${spec.label}</sl-switch>`
        : spec.kind === "textarea"
          ? html`<sl-textarea name=${spec.path} label=${spec.label} rows="3" resize="auto" .value=${String(value ?? "")}
              help-text=${spec.help ?? ""}></sl-textarea>`
          : html`<sl-input name=${spec.path} label=${spec.label} type=${spec.kind === "number" ? "number" : spec.kind === "password" ? "password" : "text"}
              ?password-toggle=${spec.kind === "password"} .value=${String(value ?? "")} help-text=${spec.help ?? ""}></sl-input>`;
    return html`<div>${control}${shown}</div>`;
  }

  override render() {
    const general = this.errors[""];
    return html`
      <h2>${this.heading}</h2>
      <form class="stack" @submit=${this.save} @input=${() => (this.saved = false)}>
        ${this.fields.map((f) => this.renderField(f))}
        ${general ? html`<sl-alert variant="danger" open>${general}</sl-alert>` : ""}
        <div class="row">
          <sl-button type="submit" variant="primary" ?loading=${this.busy}>Save ${this.heading.toLowerCase()}</sl-button>
          ${this.saved ? html`<span class="muted" role="status">Saved.</span>` : ""}
        </div>
      </form>
    `;
  }
}
customElements.define("settings-section", SettingsSection);
