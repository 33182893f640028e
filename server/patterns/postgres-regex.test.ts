import { describe, expect, test } from "bun:test";
import { postgresRegex } from "./postgres-regex.ts";
import { urlPatternSource } from "./url-pattern.ts";

describe("RE2 sources PostgreSQL reads the same way", () => {
  test("every glob runs in SQL", () => {
    for (const glob of ["/blog/**", "*.pdf", "/{a,b}/v[12]/*", "https://e.com/search?*", "private/**"]) {
      expect(postgresRegex(urlPatternSource(glob).source)).not.toBeNull();
    }
  });

  test("ordinary regexes run in SQL, case-insensitivity kept and newline flags dropped", () => {
    expect(postgresRegex(urlPatternSource("/\\/(a|c)$/").source)).toBe("\\/(a|c)$");
    expect(postgresRegex(urlPatternSource("/DOCS\\/v\\d{2}/i").source)).toBe("(?i)DOCS\\/v\\d{2}");
    expect(postgresRegex(urlPatternSource("/^a.b$/ms").source)).toBe("^a.b$");
  });

  test("constructs the engines read differently stay in the process", () => {
    // \b is a word boundary in RE2 and a backspace in PostgreSQL; counts over 255 are an error there.
    expect(postgresRegex("\\bv1")).toBeNull();
    expect(postgresRegex("a{300}")).toBeNull();
    expect(postgresRegex("(?P<x>a)")).toBeNull();
    expect(postgresRegex("\\pL")).toBeNull();
    expect(postgresRegex("[\\d]")).toBeNull();
    expect(postgresRegex("[[:alpha:]]")).toBeNull();
    expect(postgresRegex("a(?i)b")).toBeNull();
  });
});
