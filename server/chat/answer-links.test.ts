import { describe, expect, test } from "bun:test";
import { keepSiteLinks } from "./answer-links.ts";
import { siteHostCheck } from "../sites/site-hosts.ts";

const site = siteHostCheck({ baseUrl: "https://docs.example.com" });
const keep = (markdown: string) => keepSiteLinks(markdown, site);

describe("links in answers", () => {
  test("a link to the site stays a link", () => {
    expect(keep("See [the guide](https://docs.example.com/guide) [1].")).toBe("See [the guide](https://docs.example.com/guide) [1].");
  });
  test("a link elsewhere becomes its text", () => {
    expect(keep("See [the guide](https://evil.example/phish) [1].")).toBe("See the guide [1].");
    expect(keep('See [the guide](<https://evil.example/phish> "Guide").')).toBe("See the guide.");
  });
  test("an image elsewhere becomes its alt text", () => {
    expect(keep("![logo](https://evil.example/pixel.png)")).toBe("logo");
  });
  test("bare URLs and autolinks elsewhere become unclickable text, trailing punctuation kept outside", () => {
    expect(keep("Log in at https://evil.example/login.")).toBe("Log in at `https://evil.example/login`.");
    expect(keep("Log in at <https://evil.example/login> now")).toBe("Log in at `https://evil.example/login` now");
    expect(keep("or www.evil.example today")).toBe("or `www.evil.example` today");
    expect(keep("see https://docs.example.com/a.")).toBe("see https://docs.example.com/a.");
  });
  test("raw anchors and reference definitions elsewhere are dropped", () => {
    expect(keep('<a href="https://evil.example">here</a>')).toBe("here</a>");
    expect(keep("Read [the guide][g].\n\n[g]: https://evil.example/phish\n")).toBe("Read [the guide][g].\n\n");
    expect(keep("[g]: https://docs.example.com/g")).toBe("[g]: https://docs.example.com/g");
  });
  test("relative links, scheme tricks and code are handled", () => {
    expect(keep("[a](/docs/a)")).toBe("[a](/docs/a)");
    expect(keep("[a](//evil.example/a)")).toBe("a");
    expect(keep("[a](javascript:alert(1))")).toBe("a)");
    expect(keep("Run `curl https://evil.example/x` or\n```\nhttps://evil.example/y\n```")).toBe(
      "Run `curl https://evil.example/x` or\n```\nhttps://evil.example/y\n```",
    );
  });
  test("a look-alike host is not the site", () => {
    expect(keep("[x](https://docs.example.com.evil.example/)")).toBe("x");
    expect(keep("[x](https://docs.example.com@evil.example/)")).toBe("x");
  });
});
