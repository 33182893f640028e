import { describe, expect, test } from "bun:test";
import type { TemplateResult } from "lit";
import { indexingView } from "./site-indexing.ts";

/** The template's literal text, without the values put into it. */
const words = (view: TemplateResult) => view.strings.join(" ");

describe("the index state on a site's overview", () => {
  test("a site with nothing indexed (its first crawl failed or has not run) is not called ready", () => {
    const view = indexingView({ state: "ready", chunkCount: 0, embeddedChunkCount: 0, share: 1, secondsLeft: null });
    expect(words(view)).toContain("Nothing indexed yet.");
    expect(words(view)).not.toContain("Index ready");
  });

  test("a site whose every chunk has its vector is ready", () => {
    const view = indexingView({ state: "ready", chunkCount: 12, embeddedChunkCount: 12, share: 1, secondsLeft: null });
    expect(words(view)).toContain("Index ready.");
  });
});
