import { describe, expect, test } from "bun:test";
import { parseQuery } from "./parse-query.ts";

describe("parseQuery", () => {
  test("a plain query is its words", () => {
    expect(parseQuery("Virtual Hosts, example")).toEqual({ words: ["virtual", "hosts", "example"], phrases: [], excluded: [] });
  });
  test("quoted words are a phrase and -word is excluded", () => {
    expect(parseQuery('"name based" hosting -ssl')).toEqual({ words: ["hosting"], phrases: [["name", "based"]], excluded: ["ssl"] });
  });
  test("a hyphen inside a word is not an exclusion", () => {
    expect(parseQuery("name-based e-mail")).toEqual({ words: ["name", "based", "e", "mail"], phrases: [], excluded: [] });
  });
  test("an unbalanced quote and a lone minus fall back to plain words", () => {
    expect(parseQuery('"proxy headers - x')).toEqual({ words: ["proxy", "headers", "x"], phrases: [], excluded: [] });
  });
  test("a quoted single word is an ordinary ranked word", () => {
    expect(parseQuery('"proxy" nginx')).toEqual({ words: ["proxy", "nginx"], phrases: [], excluded: [] });
  });
});
