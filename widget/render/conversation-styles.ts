// Styles of the conversation view, shipped in the chat chunk and adopted by the element when the chunk loads:
// the first-load file carries only what search needs (its gzip budget is 25 KB).
export const conversationStyles = `
.answer { border-top: 1px solid var(--site-search-border); margin-top: 8px; padding-top: 8px; }
.question { font-weight: 600; margin: 8px 0 4px; }
.answer-body { overflow-wrap: anywhere; }
.answer-body pre { position: relative; background: var(--site-search-surface); border-radius: 6px; padding: 10px; overflow: auto; }
.answer-body pre [data-copy] { position: absolute; top: 4px; right: 4px; font-size: 12px; background: var(--site-search-bg); border: 1px solid var(--site-search-border); border-radius: 4px; }
.answer-body a { color: var(--site-search-accent); }
.sources { list-style: none; padding: 0; margin: 6px 0; display: flex; flex-direction: column; gap: 2px; font-size: 13px; }
.sources a { color: var(--site-search-accent); }
.actions { display: flex; gap: 4px; align-items: center; flex-wrap: wrap; }
.actions [aria-pressed="true"] { color: var(--site-search-accent); }
.back { margin: 4px 0; color: var(--site-search-accent); }
.conversation .answer:first-of-type { border-top: 0; margin-top: 0; }
.actions .icon-button { color: var(--site-search-muted); }
.reason-form { display: flex; flex-direction: column; gap: 8px; margin-top: 8px; padding: 10px; border: 1px solid var(--site-search-border); border-radius: var(--site-search-radius); background: var(--site-search-surface); }
.reason-prompt { margin: 0; font-weight: 600; }
.reason-tags { display: flex; flex-wrap: wrap; gap: 6px; }
.reason-tag { display: inline-flex; align-items: center; gap: 4px; border: 1px solid var(--site-search-border); border-radius: 999px; padding: 2px 10px; background: var(--site-search-bg); font-size: 13px; }
.reason-form textarea { font: inherit; color: inherit; background: var(--site-search-bg); border: 1px solid var(--site-search-border); border-radius: 6px; padding: 6px 8px; resize: vertical; }
.reason-form .primary { align-self: flex-start; }
.next-questions .group-label { padding-left: 0; }
.typing::after { content: "▍"; animation: blink 1s steps(2) infinite; }
@keyframes blink { to { opacity: 0; } }
`;
