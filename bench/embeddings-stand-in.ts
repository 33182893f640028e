// The fairness bench's remote embedding model: the loopback stand-in with a fixed delay per call, run as its own
// process (as a remote model is) so its request handling and vector encoding do not share the API's thread.
// Prints its URL on the first line of stdout. Usage: bun bench/embeddings-stand-in.ts [dimensions] [delayMs]
import { startFakeEmbeddingsServer } from "../tests/fixtures/fake-embeddings-server.ts";

const server = await startFakeEmbeddingsServer({ dimensions: Number(process.argv[2] ?? 384), delayMs: Number(process.argv[3] ?? 15), record: false });
console.log(server.url);
