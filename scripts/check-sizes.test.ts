// The size check flags long files and long functions of every kind, and nothing within the limits.
import { describe, expect, test } from "bun:test";
import { checkSource, MAX_FILE_LINES, MAX_FUNCTION_LINES } from "./check-sizes.ts";

const body = (lines: number) => Array.from({ length: lines }, (_, i) => `  const v${i} = ${i};`).join("\n");

describe("check-sizes", () => {
  test("a function at the limit passes; one line more is reported with its name and line", () => {
    const atLimit = `function ok() {\n${body(MAX_FUNCTION_LINES - 2)}\n}\n`;
    expect(checkSource("a.ts", atLimit)).toEqual([]);
    const over = `// header\nfunction tooLong() {\n${body(MAX_FUNCTION_LINES - 1)}\n}\n`;
    expect(checkSource("a.ts", over)).toEqual([{ file: "a.ts", line: 2, message: `function tooLong has ${MAX_FUNCTION_LINES + 1} lines (limit 60)` }]);
  });

  test("methods, arrow functions and nested functions count too", () => {
    const text = [
      `class C {\n  method() {\n${body(61)}\n  }\n}`,
      `const arrow = () => {\n${body(61)}\n};`,
      `function outer() {\n  return function inner() {\n${body(61)}\n  };\n}`,
    ].join("\n");
    const names = checkSource("b.ts", text).map((p) => p.message.split(" ")[1]);
    expect(names).toEqual(["method", "arrow", "outer", "inner"]);
  });

  test("a file over the line limit is reported, one at the limit is not", () => {
    const lines = (n: number) => `${Array.from({ length: n }, (_, i) => `export const c${i} = ${i};`).join("\n")}\n`;
    expect(checkSource("c.ts", lines(MAX_FILE_LINES))).toEqual([]);
    expect(checkSource("c.ts", lines(MAX_FILE_LINES + 1))).toEqual([{ file: "c.ts", line: 1, message: "file has 301 lines (limit 300)" }]);
  });
});
