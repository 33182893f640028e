// Writes the API tables of widget/README.md from the element's class JSDoc, so the docs cannot drift from the code.
// Run: bun widget/readme-tables.ts (rewrites the text between the api-tables markers).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = import.meta.dir;
const source = readFileSync(join(dir, "site-search.ts"), "utf8");
const jsdoc = source.slice(source.lastIndexOf("/**", source.indexOf("export class SiteSearchElement")), source.indexOf("export class SiteSearchElement"));
const lines = jsdoc.split("\n").map((line) => line.replace(/^\s*\*\s?/, ""));

function rows(tag: string): string[][] {
  return lines
    .filter((line) => line.startsWith(`@${tag} `))
    .map((line) => {
      const match = /^(\[[^\]]*\]|\S*)\s*-\s*(.*)$/.exec(line.slice(tag.length + 2)) ?? [];
      return [match[1] ?? "", match[2] ?? ""];
    });
}

const escapeCell = (cell: string) => cell.replace(/\|/g, "\\|");
function table(head: string[], body: string[][]): string {
  return [`| ${head.join(" | ")} |`, `| ${head.map(() => "---").join(" | ")} |`, ...body.map((row) => `| ${row.map(escapeCell).join(" | ")} |`)].join("\n");
}

const properties = rows("cssproperty").map(([name = "", description = ""]) => {
  const match = /^\[(--[\w-]+)=(.*)\]$/.exec(name);
  return match ? [`\`${match[1]}\``, `\`${match[2]}\``, description] : [name, "", description];
});

const generated = [
  "### Events",
  table(
    ["Event", "Description"],
    rows("fires").map(([n = "", d = ""]) => [`\`${n}\``, d]),
  ),
  "### CSS parts",
  table(
    ["Part", "Description"],
    rows("csspart").map(([n = "", d = ""]) => [`\`${n}\``, d]),
  ),
  "### CSS custom properties",
  table(["Property", "Default (light)", "Description"], properties),
  "### Slots",
  table(
    ["Slot", "Description"],
    rows("slot").map(([n = "", d = ""]) => [n === "" ? "(default)" : n, d]),
  ),
].join("\n\n");

const readmePath = join(dir, "README.md");
const readme = readFileSync(readmePath, "utf8");
const start = "<!-- api-tables:start -->";
const end = "<!-- api-tables:end -->";
const next = `${readme.slice(0, readme.indexOf(start) + start.length)}\n${generated}\n${readme.slice(readme.indexOf(end))}`;
writeFileSync(readmePath, next);
