// Inline SVG icons: emoji and font glyphs render as empty boxes on desktops without the font.
import type { SVGTemplateResult } from "lit";
import { svg } from "./template-tags.ts";

// One 24-unit grid, stroked with currentColor, so every icon follows the text colour and the theme.
const icon = (body: SVGTemplateResult) =>
  svg`<svg class="icon" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${body}</svg>`;

export const searchIcon = () => icon(svg`<circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/>`);
export const closeIcon = () => icon(svg`<path d="M18 6 6 18M6 6l12 12"/>`);
export const sparkIcon = () => icon(svg`<path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2 2M16 16l2 2M6 18l2-2M16 8l2-2"/>`);
export const historyIcon = () => icon(svg`<path d="M3 12a9 9 0 1 0 3-6.7L3 8"/><path d="M3 3v5h5M12 7v5l3 2"/>`);
export const starIcon = (filled: boolean) =>
  icon(svg`<path fill=${filled ? "currentColor" : "none"} d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z"/>`);
export const thumbIcon = (down: boolean) =>
  icon(
    svg`<g transform=${down ? "rotate(180 12 12)" : ""}><path d="M7 10v11H4V10zM7 10l4-7a2 2 0 0 1 3 2l-1 5h6a2 2 0 0 1 2 2.3l-1.3 7A2 2 0 0 1 17.7 21H7"/></g>`,
  );
export const backIcon = () => icon(svg`<path d="M19 12H5M12 19l-7-7 7-7"/>`);
export const stopIcon = () => icon(svg`<rect x="6" y="6" width="12" height="12" rx="1"/>`);
export const copyIcon = () => icon(svg`<rect x="9" y="9" width="12" height="12" rx="2"/><path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1"/>`);
