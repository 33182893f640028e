// Entry of site-search-purify.js (script-tag build): the DOMPurify answer sanitiser for browsers without the Sanitizer API.
import { dompurifySanitizer } from "../render/dompurify-sanitizer.ts";
import { PURIFY_GLOBAL } from "./chat-global-name.ts";

(globalThis as Record<string, unknown>)[PURIFY_GLOBAL] = { dompurifySanitizer };
