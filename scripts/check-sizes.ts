// Fails when a source file (tests excluded) is over 300 lines or a function over 60: the size rules of docs/architecture.md, checked in CI.
// Run: bun scripts/check-sizes.ts [paths...] (default: server shared widget dashboard bin scripts).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

export const MAX_FILE_LINES = 300;
export const MAX_FUNCTION_LINES = 60;

export interface SizeProblem {
  file: string;
  line: number;
  message: string;
}

const SOURCE = /\.(ts|js|mjs)$/;
// Tests, benchmarks and declaration files are not held to the rule; fixtures are data.
const EXEMPT = /(\.test\.ts|\.e2e\.ts|\.bench\.ts|\.d\.ts)$/;

/** Lines of one function-like node, from its first line to its last. */
function lineSpan(node: ts.Node, source: ts.SourceFile): { start: number; lines: number } {
  const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
  const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
  return { start: start + 1, lines: end - start + 1 };
}

function functionName(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  return "(anonymous)";
}

/** The size problems of one file's text. */
export function checkSource(file: string, text: string): SizeProblem[] {
  const problems: SizeProblem[] = [];
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (lines > MAX_FILE_LINES) problems.push({ file, line: 1, message: `file has ${lines} lines (limit ${MAX_FILE_LINES})` });
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const { start, lines: span } = lineSpan(node, source);
      const name = functionName(node as ts.FunctionLikeDeclaration);
      if (span > MAX_FUNCTION_LINES) problems.push({ file, line: start, message: `function ${name} has ${span} lines (limit ${MAX_FUNCTION_LINES})` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

function sourceFiles(path: string): string[] {
  if (!statSync(path, { throwIfNoEntry: false })) return [];
  if (statSync(path).isFile()) return SOURCE.test(path) && !EXEMPT.test(path) ? [path] : [];
  return readdirSync(path)
    .filter((name) => name !== "node_modules" && name !== "dist" && name !== "fixtures")
    .flatMap((name) => sourceFiles(join(path, name)));
}

if (import.meta.main) {
  const roots = process.argv.slice(2);
  const files = (roots.length ? roots : ["server", "shared", "widget", "dashboard", "bin", "scripts"]).flatMap(sourceFiles);
  const problems = files.flatMap((file) => checkSource(relative(process.cwd(), file), readFileSync(file, "utf8")));
  const debts: Record<string, string> = JSON.parse(readFileSync(new URL("./size-debts.json", import.meta.url), "utf8"));
  const keyOf = (p: SizeProblem) => `${p.file}: ${p.message.startsWith("file ") ? "file" : p.message.split(" ")[1]}`;
  const fresh = problems.filter((p) => !(keyOf(p) in debts));
  const paid = roots.length ? [] : Object.keys(debts).filter((k) => !k.startsWith("_") && !problems.some((p) => keyOf(p) === k));
  for (const p of problems) console.log(`${p.file}:${p.line} ${p.message}${keyOf(p) in debts ? " (listed in size-debts.json)" : ""}`);
  for (const k of paid) console.log(`${k}: within the limits now; remove it from scripts/size-debts.json`);
  console.log(`${files.length} files checked, ${problems.length} over the size limits, ${fresh.length} of them not listed as known debts`);
  process.exit(fresh.length || paid.length ? 1 : 0);
}
