// A build plugin that drops the comments and needless whitespace of Lit css`` templates: the minifier keeps template
// text verbatim (it is a runtime value), so without this the first-load file ships the stylesheet as it is indented.
import ts from "typescript";
import type { Plugin } from "vite";

const STRING_OR_COMMENT = /("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')|\/\*[\s\S]*?\*\//g;
const STRING_OR_OTHER = /("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')|[^"']+/g;

/**
 * Minifies one static piece of a css`` template. Only comments and whitespace go, and only where CSS ignores them:
 * around { } ; , and after a colon (never before one: `a :hover` and `a:hover` differ). Quoted strings stay whole.
 */
export function collapseCss(text: string): string {
  const uncommented = text.replace(STRING_OR_COMMENT, (_match, quoted: string | undefined) => quoted ?? " ");
  return uncommented.replace(STRING_OR_OTHER, (match, quoted: string | undefined) =>
    quoted !== undefined
      ? match
      : match
          .replace(/\s+/g, " ")
          .replace(/ ?([{};,]) ?/g, "$1")
          .replace(/: /g, ":")
          .replace(/;}/g, "}"),
  );
}

type Piece = ts.NoSubstitutionTemplateLiteral | ts.TemplateHead | ts.TemplateMiddle | ts.TemplateTail;

/** Source offsets of a piece's text, between its opening ` or } and its closing ` or ${. */
function textRange(piece: Piece, source: ts.SourceFile): [number, number] {
  const closesWithSubstitution = ts.isTemplateHead(piece) || ts.isTemplateMiddle(piece);
  return [piece.getStart(source) + 1, piece.getEnd() - (closesWithSubstitution ? 2 : 1)];
}

/** The code with every css`` template collapsed; pieces holding a backslash are left alone (escapes, line joins). */
export function minifyCssTemplatesIn(code: string, fileName: string): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === "css") {
      const template = node.template;
      const pieces: Piece[] = ts.isNoSubstitutionTemplateLiteral(template)
        ? [template]
        : [template.head, ...template.templateSpans.map((span) => span.literal)];
      pieces.forEach((piece, index) => {
        const [start, end] = textRange(piece, source);
        const raw = code.slice(start, end);
        if (raw.includes("\\")) return;
        let text = collapseCss(raw);
        if (index === 0) text = text.trimStart();
        if (index === pieces.length - 1) text = text.trimEnd();
        if (text !== raw) edits.push({ start, end, text });
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = code;
  for (const { start, end, text } of edits.reverse()) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

export function minifyCssTemplates(): Plugin {
  return {
    name: "site-search-minify-css-templates",
    enforce: "pre",
    transform(code, id) {
      if (id.includes("/node_modules/") || !/\.ts$/.test(id) || !code.includes("css`")) return null;
      return minifyCssTemplatesIn(code, id);
    },
  };
}
