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

  describe("when the service quotes passages instead of asking a model", () => {
    test("labels the question option and the chat as the best passages", () => {
      const t = resolveTranslations("en", {}, "extractive");
      expect(t.askAiLabel).toBe("Best passages");
      expect(t.askAi("vhosts")).toBe("Best passages: vhosts");
      expect(t.chatTitle).toBe("Best passages");
      expect(resolveTranslations("fr", {}, "extractive").askAiLabel).toBe("Meilleurs passages");
    });

    test("keeps the owner's own label", () => {
      expect(resolveTranslations("en", { askAiLabel: "Ask the handbook" }, "extractive").askAiLabel).toBe("Ask the handbook");
    });

    test("says Ask AI when a model writes the answers", () => {
      expect(resolveTranslations("en", {}, "generative").askAiLabel).toBe("Ask AI");
    });
  });

  test("translates every string English has", () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });
});
