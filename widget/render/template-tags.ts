// Lit-compatible template tags without importing lit: the chat chunk is a separate script-tag file and would
// otherwise carry a second copy of lit-html (6 KB gzip). Lit renders any {_$litType$, strings, values} object,
// which is all its own html and svg tags make.
import type { nothing as litNothing, SVGTemplateResult, TemplateResult } from "lit";

const tag =
  (type: 1 | 2) =>
  (strings: TemplateStringsArray, ...values: unknown[]) => ({ _$litType$: type, strings, values });

export const html = tag(1) as (strings: TemplateStringsArray, ...values: unknown[]) => TemplateResult;
export const svg = tag(2) as (strings: TemplateStringsArray, ...values: unknown[]) => SVGTemplateResult;
/** The same registered symbol lit exports as `nothing`. */
export const nothing = Symbol.for("lit-nothing") as typeof litNothing;
