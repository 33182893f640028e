import { describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { definitionLines, tableLines } from "./table-text.ts";

const first = (html: string, selector: string) => parseHTML(`<html><body>${html}</body></html>`).document.querySelector(selector)!;

describe("tableLines", () => {
  test("joins a key/value table into one line of labelled values", () => {
    const table = first(
      "<table><tr><th>Syntax:</th><td><code>Foo On|Off</code></td></tr><tr><th>Default</th><td>Foo Off</td></tr><tr><th>Note</th><td></td></tr></table>",
      "table",
    );
    expect(tableLines(table)).toEqual(["Syntax: Foo On|Off · Default: Foo Off"]);
  });

  test("labels each data row with the header row", () => {
    const table = first(
      "<table><thead><tr><th>Code</th><th>Meaning</th></tr></thead><tbody><tr><td>301</td><td>Moved</td></tr><tr><td>404</td><td>Not found</td></tr></tbody></table>",
      "table",
    );
    expect(tableLines(table)).toEqual(["Code: 301 · Meaning: Moved", "Code: 404 · Meaning: Not found"]);
  });

  test("joins the cells of a table without headers", () => {
    expect(tableLines(first("<table><tr><td>a</td><td> b </td></tr><tr><td></td></tr></table>", "table"))).toEqual(["a · b"]);
  });
});

describe("definitionLines", () => {
  test("writes each term with its definitions", () => {
    const dl = first(
      "<dl><dt>Cipher</dt><dd>An algorithm.</dd><dt>Hash</dt><dt>Digest</dt><dd>One way.</dd><dd>Fixed length.</dd><div><dt>MIME</dt><dd>A type.</dd></div></dl>",
      "dl",
    );
    expect(definitionLines(dl)).toEqual(["Cipher: An algorithm.", "Hash, Digest: One way. Fixed length.", "MIME: A type."]);
  });
});
