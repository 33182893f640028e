// Chat answers in the dashboard render exactly as the widget renders them: the widget's one markdown function
// (marked → the browser's Sanitizer API, else DOMPurify → safe links and citation links).
import { markdownRenderer, type CitationSource } from "../widget/render/markdown.ts";
import { nativeAnswerSanitizer } from "../widget/render/answer-sanitizer.ts";
import { dompurifySanitizer } from "../widget/render/dompurify-sanitizer.ts";

const render = markdownRenderer(nativeAnswerSanitizer() ?? dompurifySanitizer());

/** The answer's markdown as sanitised DOM, its [n] marks linked to the cited sources. */
export const answerFragment = (markdown: string, sources: readonly CitationSource[]): DocumentFragment => render(markdown, { sources });

/** One line on how chat answers here, and what switches a model on. */
export function answerModeLine(mode: "generative" | "extractive" | undefined): string {
  if (mode === "generative") return "Answers are written by the model (ANTHROPIC_API_KEY is set on the server), citing the site's pages.";
  return "Answers quote the site's best passages (no model). To have a model write them, set ANTHROPIC_API_KEY on the server and restart it.";
}
