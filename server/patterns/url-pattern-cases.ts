// The table of cases every use of the URL pattern language is tested with (crawl scope, boosts, delete by pattern in
// SQL): one language, so one table. Test data only.

/** [pattern, URL, whether the pattern matches the URL] */
export type PatternCase = readonly [pattern: string, url: string, matches: boolean];

export const urlPatternCases: readonly PatternCase[] = [
  // `*` stays within a segment (and may be empty), `**` crosses segments and may be empty.
  ["/blog/*", "https://e.com/blog/post", true],
  ["/blog/*", "https://e.com/blog/", true],
  ["/blog/*", "https://e.com/blog/2024/post", false],
  ["/blog/**", "https://e.com/blog/2024/post", true],
  ["/blog/**", "https://e.com/blog", true],
  ["/blog/**", "https://e.com/blogroll", false],
  ["/docs/**/intro", "https://e.com/docs/intro", true],
  ["/docs/**/intro", "https://e.com/docs/v1/en/intro", true],
  // `?` is one character other than `/`.
  ["/v?/api", "https://e.com/v2/api", true],
  ["/v?/api", "https://e.com/v10/api", false],
  // A path glob starting with `/` is anchored at the root; any other matches at any depth.
  ["/private/**", "https://e.com/team/private/x", false],
  ["private/**", "https://e.com/team/private/x", true],
  ["private/**", "https://e.com/privateer/x", false],
  ["*.pdf", "https://e.com/a/b/c.pdf", true],
  ["*.pdf", "https://e.com/c.pdf", true],
  ["*.pdf", "https://e.com/c.pdf.html", false],
  // Path globs see the path only, never the host or the query; paths compare case-sensitively.
  ["/search", "https://e.com/search?q=x", true],
  ["*.html", "https://e.com/a?file=x.html", false],
  ["/Docs/**", "https://e.com/docs/a", false],
  ["/Docs/**", "https://e.com/Docs/a", true],
  // Globs with a scheme see the whole URL, query included; scheme and host ignore case.
  ["https://e.com/search?*", "https://e.com/search?q=x", true],
  ["https://e.com/search?*", "https://e.com/search/x", false],
  ["HTTPS://E.com/blog/*", "https://e.com/blog/a", true],
  ["https://e.com/blog/*", "https://other.com/blog/a", false],
  // Braces, classes and (a|b) groups come from picomatch; other regex characters are literal.
  ["/{guide,howto}/*", "https://e.com/howto/x", true],
  ["/{guide,howto}/*", "https://e.com/faq/x", false],
  ["/v[12]/*", "https://e.com/v2/a", true],
  ["/v[12]/*", "https://e.com/v3/a", false],
  ["/a+b.html", "https://e.com/a+b.html", true],
  ["/a+b.html", "https://e.com/aab.html", false],
  ["/(guide|howto)/*", "https://e.com/guide/x", true],
  ["/a.html", "https://e.com/aXhtml", false],
  // `/…/flags` without a star is a regular expression (RE2) over the whole URL, unanchored.
  ["/\\/(a|c)$/", "https://e.com/x/a", true],
  ["/\\/(a|c)$/", "https://e.com/x/b", false],
  ["/DOCS\\/v[12]\\//i", "https://e.com/docs/v2/x", true],
  ["/DOCS\\/v[12]\\//", "https://e.com/docs/v2/x", false],
  ["/\\bv\\d+\\b/", "https://e.com/docs/v12/x", true],
  ["/\\bv\\d+\\b/", "https://e.com/docs/av12/x", false],
  ["/e\\.com\\/p\\d{2}$/", "https://e.com/p42", true],
];
