import { describe, expect, test } from "bun:test";
import { siteHostCheck } from "./site-hosts.ts";

describe("a site's hosts", () => {
  const check = siteHostCheck({
    baseUrl: "https://docs.example.com/guide/",
    allowedDomains: ["*.help.example.com", "status.example.com:8443"],
    pageUrls: ["https://cdn.example.net/x"],
  });

  test("include the base URL's host, with or without www., on any port and path", () => {
    expect(check("https://docs.example.com/other")).toBe(true);
    expect(check("http://www.docs.example.com:8080/a")).toBe(true);
  });
  test("leave out other hosts and subdomains that are not listed", () => {
    expect(check("https://evil.example/phish")).toBe(false);
    expect(check("https://a.docs.example.com/")).toBe(false);
    expect(check("https://docs.example.com.evil.example/")).toBe(false);
    expect(check("https://example.com/")).toBe(false);
  });
  test("include listed domains with their wildcard and port rules", () => {
    expect(check("https://eu.help.example.com/")).toBe(true);
    expect(check("https://help.example.com/")).toBe(false);
    expect(check("https://status.example.com:8443/")).toBe(true);
    expect(check("https://status.example.com/")).toBe(false);
  });
  test("include hosts of the site's indexed pages", () => {
    expect(check("https://cdn.example.net/y")).toBe(true);
  });
  test("never include other schemes or malformed addresses", () => {
    expect(check("javascript:alert(1)")).toBe(false);
    expect(check("ftp://docs.example.com/")).toBe(false);
    expect(check("not a url")).toBe(false);
  });
});
