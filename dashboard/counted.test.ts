import { describe, expect, test } from "bun:test";
import { counted } from "./counted.ts";

describe("counted", () => {
  test("names one thing in the singular and every other count in the plural", () => {
    expect(counted(1, "site")).toBe("1 site");
    expect(counted(0, "site")).toBe("0 sites");
    expect(counted(1184, "result")).toBe("1,184 results");
    expect(counted(2, "match", "matches")).toBe("2 matches");
  });
});
