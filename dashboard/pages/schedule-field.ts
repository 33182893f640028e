// The recrawl schedule in the site settings: a choice of usual schedules (daily, weekly …) that writes the cron
// expression below it, the expression itself for any other time (the advanced choice), and the next crawl it gives.
import { LitElement, css, html, type TemplateResult } from "lit";
import { nextCrawlText } from "../next-crawl.ts";

/** Option values are names: Shoelace's select turns the spaces of a value into underscores. */
const PRESETS: Array<[name: string, cron: string, words: string]> = [
  ["none", "", "No schedule"],
  ["daily", "0 3 * * *", "Every day at 03:00 UTC"],
  ["weekly", "0 3 * * 1", "Every Monday at 03:00 UTC"],
  ["monthly", "0 3 1 * *", "On the 1st of each month at 03:00 UTC"],
  ["six-hourly", "0 */6 * * *", "Every 6 hours"],
  ["hourly", "0 * * * *", "Every hour"],
];
const CUSTOM = "custom";

const presetOf = (cron: string): string => PRESETS.find(([, value]) => value === cron.trim())?.[0] ?? CUSTOM;

/** <next-crawl>: the line under the expression, re-computed as it changes. */
export class NextCrawl extends LitElement {
  static override properties = { cron: {} };
  static override styles = css`.wrong { color: var(--sl-color-danger-700); }`;
  cron = "";

  override render() {
    const text = nextCrawlText(this.cron);
    return text === null
      ? html`<span class="wrong">Not a cron expression: five fields in UTC, minute hour day month weekday, e.g. "30 2 * * *" for 02:30 every day.</span>`
      : html`<span data-testid="next-crawl">${text}</span>`;
  }
}
customElements.define("next-crawl", NextCrawl);

type Control = HTMLElement & { value: string };

/**
 * The choice, then the expression (named `path`, the control the settings form reads) with the next crawl as its
 * help and the form's error for it right after it.
 */
export function scheduleControl(path: string, label: string, value: string, error: TemplateResult | string) {
  const parts = (from: Element) => {
    const box = from.closest(".schedule")!;
    return {
      preset: box.querySelector<Control>("sl-select")!,
      cron: box.querySelector<Control>(`sl-input[name="${path}"]`)!,
      next: box.querySelector<NextCrawl>("next-crawl")!,
    };
  };
  const picked = (e: Event) => {
    const { preset, cron, next } = parts(e.target as Element);
    if (preset.value === CUSTOM) return cron.focus();
    cron.value = PRESETS.find(([name]) => name === preset.value)?.[1] ?? "";
    next.cron = cron.value;
    cron.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  };
  const typed = (e: Event) => {
    const { preset, cron, next } = parts(e.target as Element);
    preset.value = presetOf(cron.value);
    next.cron = cron.value;
  };
  return html`<div class="schedule stack">
    <sl-select name="schedulePreset" label=${label} value=${presetOf(value)} @sl-change=${picked}>
      ${PRESETS.map(([name, , words]) => html`<sl-option value=${name}>${words}</sl-option>`)}
      <sl-option value=${CUSTOM}>Another time: write a cron expression</sl-option>
    </sl-select>
    <sl-input name=${path} label="Cron expression (advanced)" .value=${value} @sl-input=${typed} placeholder="minute hour day month weekday">
      <next-crawl slot="help-text" .cron=${value}></next-crawl>
    </sl-input>
    ${error}
  </div>`;
}
