import { describe, expect, test } from "bun:test";
import { contentWords, questionTerms, stem } from "./question-terms.ts";

describe("stem", () => {
  describe("with inflected forms of one word", () => {
    test("brings them to one stem", () => {
      const forms = (words: string[]) => new Set(words.map(stem));
      expect(forms(["install", "installs", "installing", "installed", "installer", "installers"]).size).toBe(1);
      expect(forms(["update", "updates", "updated", "updating"]).size).toBe(1);
      expect(forms(["page", "pages"]).size).toBe(1);
      expect(forms(["query", "queries"]).size).toBe(1);
      expect(forms(["run", "running"]).size).toBe(1);
    });
  });

  describe("with short words and words that end in s by nature", () => {
    test("leaves them alone", () => {
      expect(["user", "status", "analysis", "css", "v2s"].map(stem)).toEqual(["user", "status", "analysis", "css", "v2s"]);
    });
  });
});

describe("contentWords", () => {
  test("drops stop words, one-letter words and possessive endings", () => {
    expect(contentWords("How do I reset the site's API key?")).toEqual(["reset", "site", "api", "key"]);
  });
});

describe("questionTerms", () => {
  test("returns distinct stems", () => {
    expect([...questionTerms("Installing installers install")]).toEqual(["install"]);
  });
});
