// The analytics use case's public entry point: what other use-case folders may import from it.
export type { QueryRecord } from "./event-recorder.ts";
