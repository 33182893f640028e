import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { cleanHtml } from "./clean-html.ts";
import type { HeadingBlock } from "./content-block.ts";

const SITE = new URL("../../tests/fixtures/httpd/site/", import.meta.url);
const BASE = "http://docs.example.test/manual/";
const page = (path: string) => cleanHtml(readFileSync(new URL(path, SITE), "utf8"), BASE + path);
const bodyText = (path: string) =>
  page(path)
    .blocks.map((b) => b.text)
    .join("\n");

const CHROME = [
  "Modules | Directives | FAQ | Glossary | Sitemap",
  "Copyright 2024 The Apache Software Foundation",
  "Available Languages",
  "Apache > HTTP Server > Documentation",
  "This is not a Q&A section",
  "Comments are disabled",
  "prettyPrint",
];
const PAGES = [
  "index.html",
  "glossary.html",
  "getting-started.html",
  "sitemap.html",
  "urlmapping.html",
  "mod/index.html",
  "mod/mod_rewrite.html",
  "mod/mod_alias.html",
  "mod/mod_dir.html",
  "howto/index.html",
  "howto/htaccess.html",
  "howto/cgi.html",
  "howto/auth.html",
  "rewrite/index.html",
  "rewrite/htaccess.html",
  "faq/index.html",
];

describe("cleanHtml", () => {
  describe("on the httpd manual", () => {
    for (const path of PAGES) {
      test(`drops the menu, language bar, breadcrumb, comments and footer of ${path}`, () => {
        const text = bodyText(path);
        for (const chrome of CHROME) expect(text).not.toContain(chrome);
      });
    }

    test("keeps the body text of a tutorial", () => {
      const text = bodyText("howto/htaccess.html");
      expect(text).toContain("files provide a way to make configuration changes on a per-directory basis");
      expect(text).toContain("In the case of RewriteRule directives, in .htaccess context");
      expect(text).toContain('<Directory "/www/htdocs/example">\n    AddType text/example ".exm"\n</Directory>');
    });

    test("keeps the link lists that are the content of an index page", () => {
      const text = bodyText("index.html");
      expect(text).toContain("Upgrading to 2.4 from 2.2");
      expect(text).toContain("Mapping URLs to the Filesystem");
    });

    test("reads the title, language and no description from the head", () => {
      const cleaned = page("howto/htaccess.html");
      expect(cleaned.title).toBe("Apache HTTP Server Tutorial: .htaccess files - Apache HTTP Server Version 2.4");
      expect(cleaned.language).toBe("en");
      expect(cleaned.description).toBe("");
      expect(cleaned.keywords).toEqual([]);
      expect(cleaned.canonicalUrl).toBeNull();
      expect(cleaned.robots).toEqual({ noindex: false, nofollow: false });
    });

    describe("headings", () => {
      test("come out in order with the ids of the <a name> inside them", () => {
        const headings = page("howto/htaccess.html").blocks.filter((b): b is HeadingBlock => b.kind === "heading" && b.level === 2);
        expect(headings.map((h) => [h.text, h.anchor])).toEqual([
          [".htaccess files", "related"],
          ["What they are/How to use them", "what"],
          ["When (not) to use .htaccess files", "when"],
          ["How directives are applied", "how"],
          ["Authentication example", "auth"],
          ["Server Side Includes example", "ssi"],
          ["Rewrite Rules in .htaccess files", "rewrite"],
          ["CGI example", "cgi"],
          ["Troubleshooting", "troubleshoot"],
        ]);
      });

      test("keep the first anchor of a directive heading and their h1 level", () => {
        const blocks = page("mod/mod_rewrite.html").blocks;
        expect(blocks).toContainEqual({ kind: "heading", level: 1, text: "Apache Module mod_rewrite", anchor: "preamble" });
        expect(blocks).toContainEqual({ kind: "heading", level: 2, text: "RewriteRule Directive", anchor: "RewriteRule" });
        expect(blocks).toContainEqual({ kind: "heading", level: 2, text: "Logging", anchor: "logging" });
      });
    });

    test("reads a directive table as one line of labelled values, without pipes", () => {
      const texts = page("mod/mod_rewrite.html").blocks.map((b) => b.text);
      const base = texts.find((t) => t.includes("Syntax: RewriteBase URL-path"));
      expect(base).toContain(" · Default: None · Context: directory, .htaccess · ");
      expect(texts.some((t) => / \| /.test(t) && t.includes("Syntax"))).toBe(false);
    });

    test('reads glossary entries as "Term: definition"', () => {
      const texts = page("glossary.html").blocks.map((b) => b.text);
      expect(texts.some((t) => t.startsWith("Algorithm: An unambiguous formula"))).toBe(true);
    });

    describe("links", () => {
      test("are absolute, fragment-free and unique, from the menus too", () => {
        const links = page("howto/htaccess.html").links;
        expect(links).toContain(`${BASE}mod/`);
        expect(links).toContain(`${BASE}mod/core.html`);
        expect(links).toContain(`${BASE}sitemap.html`);
        expect(links).toContain("http://www.apache.org/licenses/LICENSE-2.0");
        expect(links.every((l) => /^https?:\/\/[^#]+$/.test(l))).toBe(true);
        expect(new Set(links).size).toBe(links.length);
      });

      test("include dead ones, which the crawler finds out about", () => {
        expect(page("mod/index.html").links).toContain(`${BASE}mod/mod_tls.html`);
        expect(page("howto/htaccess.html").links).toContain(`${BASE}fr/howto/htaccess.html`);
      });
    });
  });

  describe("on other markup", () => {
    const html = `<!doctype html><html lang="de_DE"><head><title> Guide </title><base href="/docs/">
      <meta name="Description" content="How to  install."><meta property="og:description" content="ignored">
      <meta name="keywords" content="install, linux ,, setup"><meta name="robots" content="NOINDEX">
      <link rel="canonical" href="guide#top"></head><body>
      <header class="site-header"><a href="/">Home</a></header><nav><a href="a.html">A</a></nav>
      <div class="cookie-banner">We use cookies to improve your experience.</div>
      <main><h1 id="guide">Guide</h1><section id="install"><h2>Install</h2><p>Run the installer on your machine and follow every step it shows.</p>
      <a name="linux"></a><h3>Linux</h3><p>Use the package manager<br>of your distribution.</p><div hidden>secret text</div>
      <p style="display: none">invisible</p><form><input name="q"><button>Search</button></form>
      <ul><li>First item of the list</li><li>Second item</li></ul><pre><code>apt install guide
guide --version</code></pre><h3>Windows ¶</h3><p>Run setup.exe.</p></section></main>
      <aside>Related posts</aside><footer>© 2024 Example</footer>
      <a href="mailto:x@example.test">mail</a><a href="javascript:void(0)">js</a><a href="https://other.test/x#y">x</a></body></html>`;
    const cleaned = cleanHtml(html, "https://example.test/start/page.html");

    test("reads head metadata case-insensitively and resolves against <base>", () => {
      expect(cleaned.title).toBe("Guide");
      expect(cleaned.description).toBe("How to install.");
      expect(cleaned.language).toBe("de-DE");
      expect(cleaned.keywords).toEqual(["install", "linux", "setup"]);
      expect(cleaned.robots).toEqual({ noindex: true, nofollow: false });
      expect(cleaned.canonicalUrl).toBe("https://example.test/docs/guide");
      expect(cleaned.links).toEqual(["https://example.test/", "https://example.test/docs/a.html", "https://other.test/x"]);
    });

    test("keeps main content as blocks and drops landmarks, banners, hidden elements and forms", () => {
      expect(cleaned.blocks).toEqual([
        { kind: "heading", level: 1, text: "Guide", anchor: "guide" },
        { kind: "heading", level: 2, text: "Install", anchor: "install" },
        { kind: "text", text: "Run the installer on your machine and follow every step it shows." },
        { kind: "heading", level: 3, text: "Linux", anchor: "linux" },
        { kind: "text", text: "Use the package manager\nof your distribution." },
        { kind: "text", text: "First item of the list" },
        { kind: "text", text: "Second item" },
        { kind: "text", text: "apt install guide\nguide --version" },
        { kind: "heading", level: 3, text: "Windows", anchor: null },
        { kind: "text", text: "Run setup.exe." },
      ]);
    });
  });

  describe("on garbage", () => {
    const inputs: Record<string, string> = {
      "an empty string": "",
      "plain text": "just some words",
      "binary-ish bytes": String.fromCharCode(...Array.from({ length: 2000 }, (_, i) => (i * 7919) % 65536)),
      "unclosed tags": "<html><body><div><p>Hello <b>world<div><table><tr><td>cell<h2 id=x>Head",
      "a fragment": "<p>Only a paragraph with <a href='x.html'>a link</a>.</p>",
      "deep nesting": `${"<div>".repeat(5000)}deep text`,
      "broken urls": '<a href="http://[::1">bad</a><base href="http://[bad"><a href="ok.html">ok</a>',
    };
    for (const [name, input] of Object.entries(inputs)) {
      test(`does not throw on ${name}`, () => {
        const cleaned = cleanHtml(input, "https://example.test/");
        expect(Array.isArray(cleaned.blocks)).toBe(true);
      });
    }

    test("keeps the text of a fragment and resolves its links against the page", () => {
      const cleaned = cleanHtml(inputs["a fragment"]!, "https://example.test/dir/");
      expect(cleaned.blocks).toEqual([{ kind: "text", text: "Only a paragraph with a link." }]);
      expect(cleaned.links).toEqual(["https://example.test/dir/x.html"]);
    });

    test("cleans a 1 MB page in a few seconds at worst", () => {
      const section = (i: number) =>
        `<div class="section"><h2 id="s${i}">Section ${i}</h2><p>${"Words of real prose go here. ".repeat(40)}</p><ul><li><a href="p${i}.html">Link ${i}</a></li></ul></div>`;
      let html = "<html><body><nav>menu</nav>";
      for (let i = 0; html.length < 1_000_000; i++) html += section(i);
      const started = performance.now();
      const cleaned = cleanHtml(html, "https://example.test/");
      expect(performance.now() - started).toBeLessThan(5000);
      expect(cleaned.blocks.filter((b) => b.kind === "heading").length).toBeGreaterThan(500);
      expect(cleaned.links.length).toBeGreaterThan(500);
    });
  });
});
