// Styles every page shares: headings, cards, tables that scroll at 360 px (or, as "cards", become one card per row
// on a phone, labelled by card-table.ts), form stacks.
import { css } from "lit";

export const pageStyles = css`
  :host { display: block; }
  h1 { font-size: var(--sl-font-size-x-large); margin: 0 0 var(--sl-spacing-medium); }
  h2 { font-size: var(--sl-font-size-large); margin: var(--sl-spacing-large) 0 var(--sl-spacing-small); }
  .card { border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); padding: var(--sl-spacing-large); background: var(--sl-color-neutral-0); margin-bottom: var(--sl-spacing-large); }
  .stack { display: flex; flex-direction: column; gap: var(--sl-spacing-medium); max-width: 36rem; }
  .row { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-small); align-items: center; }
  .spread { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-small); align-items: center; justify-content: space-between; }
  .table-wrap { overflow-x: auto; }
  table { border-collapse: collapse; width: 100%; font-size: var(--sl-font-size-small); }
  th, td { text-align: left; padding: var(--sl-spacing-x-small) var(--sl-spacing-small); border-bottom: 1px solid var(--sl-color-neutral-200); vertical-align: top; }
  th { color: var(--sl-color-neutral-700); font-weight: var(--sl-font-weight-semibold); }
  .muted { color: var(--sl-color-neutral-700); font-size: var(--sl-font-size-small); }
  .stats { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: var(--sl-spacing-small); }
  .stat { border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); padding: var(--sl-spacing-small); }
  .stat strong { display: block; font-size: var(--sl-font-size-x-large); }
  code, pre { font-family: var(--sl-font-mono); font-size: var(--sl-font-size-small); }
  pre { white-space: pre-wrap; word-break: break-all; background: var(--sl-color-neutral-100); padding: var(--sl-spacing-small); border-radius: var(--sl-border-radius-medium); margin: 0; }
  a { color: var(--sl-color-primary-700); }
  :focus-visible { outline: var(--sl-focus-ring); outline-offset: var(--sl-focus-ring-offset); }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  @media (max-width: 40rem) {
    .card { padding: var(--sl-spacing-medium); }
    table.cards thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    table.cards, table.cards tbody, table.cards tr { display: block; }
    table.cards tr { border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); padding: var(--sl-spacing-x-small) var(--sl-spacing-small); margin-bottom: var(--sl-spacing-small); }
    /* The label floats in the cell's left padding; flow-root makes a label longer than its value push the next row down. */
    table.cards td { display: flow-root; border: 0; padding: var(--sl-spacing-3x-small) 0 var(--sl-spacing-3x-small) 8.5rem; overflow-wrap: anywhere; }
    table.cards td::before { content: attr(data-label); float: left; width: 8rem; margin-left: -8.5rem; color: var(--sl-color-neutral-700); font-weight: var(--sl-font-weight-semibold); }
    table.cards td[data-label=""] { padding-left: 0; }
    table.cards td[data-label=""]::before { display: none; }
  }
`;
