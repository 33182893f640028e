// The answer policy (answer-sanitizer.ts) through DOMPurify, for browsers without the HTML Sanitizer API.
// Its own chunk: browsers with the API never download it.
import DOMPurify from "dompurify";
import { FORBIDDEN_ATTRIBUTES, FORBIDDEN_TAGS, type AnswerSanitizer } from "./answer-sanitizer.ts";

export function dompurifySanitizer(): AnswerSanitizer {
  const purifier = DOMPurify();
  return (html) => purifier.sanitize(html, { RETURN_DOM_FRAGMENT: true, FORBID_TAGS: [...FORBIDDEN_TAGS], FORBID_ATTR: [...FORBIDDEN_ATTRIBUTES] });
}
