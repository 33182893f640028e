// The health feature's public entry point: the checks behind GET /health that belong to no other feature.
export { embeddingsHealthCheck } from "./embeddings-health-check.ts";
