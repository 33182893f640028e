import { describe, expect, test } from "bun:test";
import { inWords } from "./widget-access.ts";

describe("why the try-out cannot call the site, in one sentence", () => {
  test("two problems are joined by 'and', not run together with a comma", () => {
    expect(inWords(["public chat is off", "localhost:3000 is not among the allowed domains"])).toBe(
      "public chat is off and localhost:3000 is not among the allowed domains",
    );
  });

  test("one problem stands alone; three are listed with 'and' before the last", () => {
    expect(inWords(["public chat is off"])).toBe("public chat is off");
    expect(inWords(["a", "b", "c"])).toBe("a, b and c");
  });
});
