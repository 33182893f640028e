import { describe, expect, test } from "bun:test";
import { collapseCss, minifyCssTemplatesIn } from "./minify-css-templates.ts";

describe("collapseCss", () => {
  test("drops comments and the whitespace around braces, semicolons and commas", () => {
    expect(collapseCss("\n  /* why */\n  .a, .b { color: red; margin: 0 auto; }\n")).toBe(" .a,.b{color:red;margin:0 auto}");
  });

  test("keeps the space before a colon, which is a descendant combinator in a selector", () => {
    expect(collapseCss(".a :focus-visible { outline: none; }")).toBe(".a :focus-visible{outline:none}");
  });

  test("keeps spaces inside values and around operators", () => {
    expect(collapseCss("width: min(var(--w), calc(100vw - 16px)); box-shadow: 0 8px 24px rgb(0 0 0 / 0.16);")).toBe(
      "width:min(var(--w),calc(100vw - 16px));box-shadow:0 8px 24px rgb(0 0 0 / 0.16);",
    );
  });

  test("leaves quoted strings whole, even with comment marks or an apostrophe nearby", () => {
    expect(collapseCss(`/* the field's ring */ font: "Segoe  UI" , 'a ; b'; content: "/* x */";`)).toBe(` font:"Segoe  UI",'a ; b';content:"/* x */";`);
  });
});

describe("minifyCssTemplatesIn", () => {
  test("collapses each static piece of a css template and leaves the substitutions", () => {
    const code = `const a = css\`\n  :host { display: block; \${light} }\n  .x \${y} { gap: 4px; }\n\`;`;
    expect(minifyCssTemplatesIn(code, "a.ts")).toBe(`const a = css\`:host{display:block;\${light}}.x \${y}{gap:4px}\`;`);
  });

  test("leaves other templates and pieces with a backslash alone", () => {
    const code = 'const a = html`<p>  a ; b </p>`; const b = css`.a { content: "\\2022"; }`;';
    expect(minifyCssTemplatesIn(code, "a.ts")).toBe(code);
  });
});
