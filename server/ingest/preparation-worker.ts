// Worker-thread entry for page preparation without a PDF reader: cleans HTML and chunks blocks, so a heading-heavy
// megabyte page costs a worker seconds instead of stalling every tenant's requests on the API thread. The service's
// pool starts composition/preparation-thread.ts instead, which adds the PDF reader.
import { servePreparation } from "./preparation-handler.ts";

servePreparation({});
