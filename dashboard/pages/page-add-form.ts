// <page-add-form>: adds one page to a site by pasting its HTML or plain text (POST /api/sites/{id}/pages);
// fires "page-added" with the ingest response so the list can reload and say what happened.
import { LitElement, html } from "lit";
import type { IngestResponse } from "../../shared/pages.ts";
import { api, errorText } from "../api.ts";
import { pageStyles } from "../page-styles.ts";

export class PageAddForm extends LitElement {
  static override properties = { siteId: {}, error: { state: true }, busy: { state: true } };
  static override styles = pageStyles;
  siteId = "";
  error = "";
  busy = false;

  private value(name: string): string {
    return ((this.renderRoot.querySelector(`[name="${name}"]`) as HTMLInputElement | null)?.value ?? "").trim();
  }

  private async add(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const tags = this.value("tags")
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean);
    const title = this.value("title");
    const page = { url: this.value("url"), content: this.value("content"), ...(title ? { title } : {}), ...(tags.length ? { tags } : {}) };
    this.busy = true;
    this.error = "";
    try {
      const result = await api<IngestResponse>("POST", `/api/sites/${encodeURIComponent(this.siteId)}/pages`, { pages: [page] });
      if (result.errors.length) this.error = result.errors.map((e) => e.error).join(" ");
      else form.reset();
      this.dispatchEvent(new CustomEvent("page-added", { detail: result }));
    } catch (err) {
      this.error = errorText(err);
    } finally {
      this.busy = false;
    }
  }

  override render() {
    return html`
      <h2>Add a page</h2>
      <form class="stack" @submit=${this.add}>
        <sl-input name="url" type="url" label="URL" required help-text="The page's address on this site; a page already at this URL is replaced."></sl-input>
        <sl-input name="title" label="Title" help-text="Optional: read from the HTML's <title> or first heading when empty."></sl-input>
        <sl-textarea name="content" label="HTML or text" rows="6" required
          help-text="Paste the page's HTML (navigation and footers are removed) or plain text."></sl-textarea>
        <sl-input name="tags" label="Tags" help-text="Optional, separated by commas."></sl-input>
        ${this.error ? html`<sl-alert variant="danger" open data-testid="add-error">${this.error}</sl-alert>` : ""}
        <div><sl-button type="submit" variant="primary" ?loading=${this.busy}>Add page</sl-button></div>
      </form>
    `;
  }
}
customElements.define("page-add-form", PageAddForm);
