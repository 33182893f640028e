import { describe, expect, test } from "bun:test";
import { en, fr, resolveTranslations } from "./translations.ts";

describe("resolveTranslations", () => {
  test("picks the bundled language by primary subtag", () => {
    expect(resolveTranslations("fr-CA").placeholder).toBe(fr.placeholder);
  });

  test("falls back to English for other languages", () => {
    expect(resolveTranslations("ja").placeholder).toBe(en.placeholder);
  });

  test("lays page overrides on top", () => {
    expect(resolveTranslations("en", { placeholder: "Find" }).placeholder).toBe("Find");
  });

  test("translates every string English has", () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });
});
