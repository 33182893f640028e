// Shadow styles: :host only sets display and the --site-search-* defaults; everything else reads those variables.
import { css } from "lit";

const light = css`
  --site-search-font: system-ui, -apple-system, "Segoe UI", sans-serif;
  --site-search-text: #1f2328;
  --site-search-muted: #59636e;
  --site-search-bg: #ffffff;
  --site-search-surface: #f6f8fa;
  --site-search-border: #d1d9e0;
  --site-search-accent: #0969da;
  --site-search-accent-text: #ffffff;
  --site-search-mark-bg: #fff8c5;
  --site-search-mark-text: #1f2328;
  --site-search-active-bg: #ddf4ff;
  --site-search-radius: 8px;
  --site-search-shadow: 0 8px 24px rgb(0 0 0 / 0.16);
  --site-search-backdrop: rgb(0 0 0 / 0.4);
  --site-search-width: 640px;
  --site-search-z-index: 2147483000;
`;

const dark = css`
  --site-search-text: #f0f6fc;
  --site-search-muted: #9198a1;
  --site-search-bg: #0d1117;
  --site-search-surface: #151b23;
  --site-search-border: #3d444d;
  --site-search-accent: #4493f8;
  --site-search-accent-text: #0d1117;
  --site-search-mark-bg: #5c4813;
  --site-search-mark-text: #f0f6fc;
  --site-search-active-bg: #1a2f4a;
  --site-search-shadow: 0 8px 24px rgb(0 0 0 / 0.5);
  --site-search-backdrop: rgb(0 0 0 / 0.6);
`;

export const siteSearchStyles = css`
  :host { display: block; ${light} }
  :host([mode="modal"]), :host([mode="bubble"]) { display: inline-block; }
  @media (prefers-color-scheme: dark) { :host(:not([theme="light"]):not([data-page-scheme="light"])) { ${dark} } }
  :host([theme="dark"]), :host([data-page-scheme="dark"]:not([theme="light"])) { ${dark} }

  * { box-sizing: border-box; }
  .root { font-family: var(--site-search-font); font-size: 15px; line-height: 1.5; color: var(--site-search-text); }
  [hidden] { display: none !important; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  button { font: inherit; color: inherit; cursor: pointer; }
  :focus-visible { outline: 2px solid var(--site-search-accent); outline-offset: 2px; }

  .field { display: flex; align-items: center; gap: 6px; border: 1px solid var(--site-search-border); border-radius: var(--site-search-radius); background: var(--site-search-bg); padding: 0 6px 0 10px; }
  .field:focus-within { border-color: var(--site-search-accent); box-shadow: 0 0 0 1px var(--site-search-accent); }
  /* The field's ring shows focus; a second outline on the input inside it would draw a box in a box. */
  .field input:focus-visible { outline: none; }
  input { flex: 1; min-width: 0; font: inherit; color: inherit; background: transparent; border: 0; padding: 8px 0; outline: none; }
  input::placeholder { color: var(--site-search-muted); opacity: 1; }
  .icon { flex: none; vertical-align: -3px; }
  .icon-button { display: inline-flex; align-items: center; justify-content: center; min-width: 32px; min-height: 32px; }
  .text-button { display: inline-flex; align-items: center; gap: 4px; }
  .icon-button, .text-button { background: transparent; border: 0; border-radius: 6px; padding: 4px 8px; color: var(--site-search-muted); }
  .icon-button:hover, .text-button:hover { background: var(--site-search-surface); color: var(--site-search-text); }
  .primary { background: var(--site-search-accent); color: var(--site-search-accent-text); border: 0; border-radius: 6px; padding: 6px 12px; }

  .popover { position: fixed; top: 0; left: 0; z-index: var(--site-search-z-index); width: min(var(--site-search-width), calc(100vw - 16px)); overflow: auto; background: var(--site-search-bg); border: 1px solid var(--site-search-border); border-radius: var(--site-search-radius); box-shadow: var(--site-search-shadow); padding: 6px; }
  .status { padding: 10px 12px; color: var(--site-search-muted); }
  .completions { display: flex; flex-wrap: wrap; gap: 4px; padding: 4px 8px; }
  .status[data-kind="error"] { color: var(--site-search-text); }
  .listbox { display: flex; flex-direction: column; gap: 2px; }
  .group-label { font-size: 12px; font-weight: 600; color: var(--site-search-muted); padding: 6px 12px 2px; text-transform: uppercase; letter-spacing: 0.04em; }
  .option { display: block; padding: 8px 12px; border-radius: 6px; color: inherit; text-decoration: none; cursor: pointer; }
  .option[aria-selected="true"], .option:hover { background: var(--site-search-active-bg); }
  .option-title { display: block; font-weight: 600; }
  .option-snippet { display: block; color: var(--site-search-muted); font-size: 13px; overflow-wrap: anywhere; }
  .section { padding-left: 28px; }
  .heading-path { display: block; font-size: 13px; font-weight: 500; }
  mark { background: var(--site-search-mark-bg); color: var(--site-search-mark-text); border-radius: 2px; }
  .footer { display: flex; justify-content: space-between; align-items: center; gap: 8px; flex-wrap: wrap; padding: 4px 6px 0; font-size: 13px; color: var(--site-search-muted); }
  .switch { display: inline-flex; align-items: center; gap: 6px; }
  .option-row { display: flex; align-items: center; gap: 2px; }
  .option-row .option { flex: 1; min-width: 0; }
  .option-row [aria-pressed="true"] { color: var(--site-search-accent); }
  .modal-footer { display: flex; align-items: center; justify-content: space-between; gap: 8px; border-top: 1px solid var(--site-search-border); margin: 8px -12px -12px; padding: 4px 12px; }
  .key-hints { display: flex; gap: 16px; flex-wrap: wrap; font-size: 12px; color: var(--site-search-muted); }
  .key-hints kbd { margin-right: 2px; }

  .trigger { display: inline-flex; align-items: center; gap: 8px; background: var(--site-search-bg); border: 1px solid var(--site-search-border); border-radius: var(--site-search-radius); padding: 6px 10px; color: var(--site-search-muted); }
  kbd { font: 12px/1 ui-monospace, monospace; border: 1px solid var(--site-search-border); border-radius: 4px; padding: 2px 4px; }
  dialog { width: min(var(--site-search-width), calc(100vw - 16px)); max-height: min(80vh, 720px); margin: 10vh auto auto; padding: 12px; flex-direction: column; border: 1px solid var(--site-search-border); border-radius: var(--site-search-radius); background: var(--site-search-bg); color: var(--site-search-text); box-shadow: var(--site-search-shadow); overflow: auto; }
  dialog::backdrop { background: var(--site-search-backdrop); }
  dialog[open] { display: flex; }
  dialog .panel-header { margin-bottom: 0; }
  dialog .field { flex: 1; }
  .dialog-results { margin-top: 8px; overflow: auto; flex: 1; min-height: 0; }

  .bubble { position: fixed; right: 20px; bottom: 20px; z-index: var(--site-search-z-index); width: 56px; height: 56px; border-radius: 50%; border: 0; background: var(--site-search-accent); color: var(--site-search-accent-text); box-shadow: var(--site-search-shadow); font-size: 22px; }
  .chat-panel { position: fixed; right: 20px; bottom: 88px; z-index: var(--site-search-z-index); width: min(400px, calc(100vw - 40px)); max-height: min(70vh, 640px); overflow: auto; background: var(--site-search-bg); border: 1px solid var(--site-search-border); border-radius: var(--site-search-radius); box-shadow: var(--site-search-shadow); padding: 12px; }
  .panel-header { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin-bottom: 8px; }
  .panel-header h2 { font-size: 16px; margin: 0; }
  .suggestions { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; padding: 0; margin: 8px 0; }
  .suggestion { background: var(--site-search-surface); border: 1px solid var(--site-search-border); border-radius: 999px; padding: 4px 10px; }

  .follow-up { margin-top: 8px; }

  .page { display: grid; grid-template-columns: minmax(0, 1fr); gap: 16px; }
  .page:has(.facets) { grid-template-columns: 200px minmax(0, 1fr); }
  .facets fieldset { border: 0; padding: 0; margin: 0 0 12px; }
  .facets legend { font-weight: 600; }
  .facets label { display: flex; gap: 6px; font-size: 14px; }
  .result-count { margin: 4px 12px; color: var(--site-search-muted); font-size: 14px; }
  .pagination { display: flex; flex-wrap: wrap; gap: 4px; margin: 12px 0; }
  .pagination [aria-current="page"] { background: var(--site-search-active-bg); color: var(--site-search-text); font-weight: 600; }
  .pagination button:disabled { opacity: 0.5; cursor: default; }

  /* Phones: the modal takes the whole screen, and everything a finger presses is at least 44 px (WCAG 2.5.5). */
  @media (max-width: 600px) {
    dialog { width: 100vw; max-width: 100vw; height: 100dvh; max-height: 100dvh; margin: 0; border: 0; border-radius: 0; }
    .page:has(.facets) { grid-template-columns: minmax(0, 1fr); }
    .key-hints { display: none; }
    .modal-footer .text-button { margin-left: auto; }
  }
  @media (max-width: 600px), (pointer: coarse) {
    .icon-button, .text-button, .primary, .trigger, .suggestion, .option, .reason-tag, .switch { min-height: 44px; }
    .icon-button { min-width: 44px; }
    input { min-height: 42px; }
  }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation: none !important; transition: none !important; scroll-behavior: auto !important; }
  }
`;
