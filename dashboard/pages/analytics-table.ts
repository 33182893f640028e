// One analytics table: a heading, an "Export CSV" button that writes exactly the rows shown, and a text-only table
// that becomes one card per row on a phone.
import { css, html } from "lit";
import { downloadCsv } from "../csv.ts";

/** Include in the styles of a component that renders dataTable(): the button's hidden half of its name. */
export const tableStyles = css`.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }`;

export interface TableSpec {
  title: string;
  /** Download name, also the table's data-testid. */
  file: string;
  columns: string[];
  rows: Array<Array<string | number>>;
  empty: string;
  note?: string;
}

export function dataTable(t: TableSpec) {
  const id = t.file.replace(/\.csv$/, "");
  return html`<section class="card" aria-labelledby="${id}-title">
    <div class="spread"><h2 id="${id}-title">${t.title}</h2>
      <sl-button size="small" ?disabled=${t.rows.length === 0} @click=${() => downloadCsv(t.file, t.columns, t.rows)}>
        Export CSV<span class="visually-hidden"> of ${t.title}</span></sl-button></div>
    ${t.note ? html`<p class="muted">${t.note}</p>` : ""}
    ${
      t.rows.length === 0
        ? html`<p class="muted">${t.empty}</p>`
        : html`<div class="table-wrap"><table class="cards" data-testid=${id}>
      <thead><tr>${t.columns.map((c) => html`<th scope="col">${c}</th>`)}</tr></thead>
      <tbody>${t.rows.map((row) => html`<tr>${row.map((cell, i) => html`<td data-label=${t.columns[i] ?? ""}>${cell}</td>`)}</tr>`)}</tbody></table></div>`
    }
  </section>`;
}
