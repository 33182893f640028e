// Keeps an answer's links only where they point at the site's own hosts; any other link becomes plain text, so a
// prompt-injected page cannot make the site's chat hand visitors a phishing link. Code spans are left alone.
import { mapProse } from "./citations.ts";

export type LinkCheck = (url: string) => boolean;

/**
 * One pass over the prose, each alternative tried at each position: inline links and images `[text](url "title")`,
 * autolinks `<https://…>`, raw `<a href>` tags, reference definitions `[ref]: url`, and bare URLs, which markdown
 * (GFM) turns into links by itself. Bounded quantifiers and negated classes keep it linear on a model's answer.
 */
const LINKISH = new RegExp(
  [
    String.raw`(!?)\[([^\]\n]{0,500})\]\(\s*<?([^)\s>]{0,2048})>?(?:\s+(?:"[^"\n]{0,500}"|'[^'\n]{0,500}'|\([^)\n]{0,500}\)))?\s*\)`,
    String.raw`<((?:https?:)?\/\/[^>\s]{0,2048})>`,
    String.raw`<a\b[^>]{0,2048}>`,
    String.raw`^[ \t]{0,3}\[[^\]\n]{1,500}\]:[ \t]*<?([^\s>]{1,2048})>?[^\n]*(?:\n|$)`,
    String.raw`(?:https?:\/\/|www\.)[^\s<>()[\]\x60]{1,2048}`,
  ].join("|"),
  "gim",
);

/** GFM leaves these out of a bare URL's end, so they stay outside the code span too. */
const TRAILING = /[.,:;!?*_~'"]+$/;

const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** A relative address resolves against the page showing the answer, which is the site's own. */
const isRelative = (url: string) => !/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(url);

const absolute = (url: string) => (url.startsWith("//") ? `https:${url}` : /^www\./i.test(url) ? `http://${url}` : url);

/** Text the visitor can read and copy but not click: a code span, with its backticks made harmless. */
const asText = (url: string) => `\`${url.replaceAll("`", "")}\``;

export function keepSiteLinks(markdown: string, allowed: LinkCheck): string {
  const ok = (url: string) => allowed(absolute(url));
  return mapProse(markdown, (prose) =>
    prose.replace(LINKISH, (whole: string, _bang?: string, text?: string, inlineUrl?: string, autolink?: string, refUrl?: string) => {
      // An image keeps its alt text, a link its text.
      if (text !== undefined) return isRelative(inlineUrl ?? "") || ok(inlineUrl!) ? whole : text;
      if (autolink !== undefined) return ok(autolink) ? whole : asText(autolink);
      if (whole.toLowerCase().startsWith("<a")) {
        const href = HREF.exec(whole);
        const url = href ? (href[1] ?? href[2] ?? href[3] ?? "") : "";
        return isRelative(url) || ok(url) ? whole : "";
      }
      if (refUrl !== undefined) return ok(refUrl) ? whole : "";
      const trailing = TRAILING.exec(whole)?.[0] ?? "";
      const url = whole.slice(0, whole.length - trailing.length);
      return ok(url) ? whole : asText(url) + trailing;
    }),
  );
}
