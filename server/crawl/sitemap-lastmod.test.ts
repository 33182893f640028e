import { describe, expect, test } from "bun:test";
import { parseLastmods } from "./sitemap-lastmod.ts";

describe("sitemap lastmod", () => {
  test("reads dates and date-times per entry, and skips entries without one or with nonsense", () => {
    const found = parseLastmods(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc>https://a.test/x?y=1&amp;z=2</loc><lastmod>2026-01-02</lastmod></url>
      <url><loc> https://a.test/t </loc><lastmod>2026-01-02T10:00:00+02:00</lastmod><changefreq>daily</changefreq></url>
      <url><loc>https://a.test/none</loc></url>
      <url><loc>https://a.test/bad</loc><lastmod>yesterday</lastmod></url>
    </urlset>`);
    expect([...found.entries()]).toEqual([
      ["https://a.test/x?y=1&z=2", new Date("2026-01-02T00:00:00Z")],
      ["https://a.test/t", new Date("2026-01-02T08:00:00Z")],
    ]);
  });

  test("finds nothing in a sitemap index or a text sitemap", () => {
    expect(parseLastmods(`<sitemapindex><sitemap><loc>https://a.test/s.xml</loc><lastmod>2026-01-01</lastmod></sitemap></sitemapindex>`).size).toBe(0);
    expect(parseLastmods("https://a.test/a\nhttps://a.test/b").size).toBe(0);
  });
});
