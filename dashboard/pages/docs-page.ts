// The API reference, rendered from the service's own /openapi.json: no viewer from a public CDN, and it
// works offline and under the dashboard's CSP.
import { LitElement, html } from "lit";
import { Task } from "@lit/task";
import { api } from "../api.ts";
import { pageStyles } from "../page-styles.ts";
import { renderTask } from "../task-states.ts";

interface Operation {
  summary?: string;
  tags?: string[];
  requestBody?: unknown;
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
}
interface OpenApi {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

export class DocsPage extends LitElement {
  static override styles = pageStyles;
  private spec = new Task(this, { task: (_args: readonly [], { signal }) => api<OpenApi>("GET", "/openapi.json", undefined, signal), args: () => [] });

  override render() {
    return renderTask(this.spec, (spec) => {
      const byTag = new Map<string, Array<[string, string, Operation]>>();
      for (const [path, methods] of Object.entries(spec.paths)) {
        for (const [method, op] of Object.entries(methods)) {
          const tag = op.tags?.[0] ?? "Other";
          byTag.set(tag, [...(byTag.get(tag) ?? []), [method.toUpperCase(), path, op]]);
        }
      }
      return html`
        <div class="spread"><h1>${spec.info.title} ${spec.info.version}</h1><a href="/openapi.json" download>OpenAPI JSON</a></div>
        <p>${spec.info.description ?? ""} Authenticate with <code>Authorization: Bearer &lt;API key&gt;</code>; the dashboard uses its session.</p>
        ${[...byTag].map(
          ([tag, ops]) => html`<div class="card"><h2>${tag}</h2><div class="table-wrap"><table>
          <thead><tr><th scope="col">Method</th><th scope="col">Path</th><th scope="col">What it does</th></tr></thead>
          <tbody>${ops.map(([method, path, op]) => html`<tr><td><code>${method}</code></td><td><code>${path}</code></td><td>${op.summary ?? ""}</td></tr>`)}</tbody>
        </table></div></div>`,
        )}
      `;
    });
  }
}
customElements.define("docs-page", DocsPage);
