// The service's preparation worker entry: cleaning and chunking, plus PDF text through pdf.js, so a PDF that
// expands into megabytes of text costs a worker (stopped at its wall-clock limit) and never the API thread.
import { UnpdfReader } from "../adapters/pdf/unpdf-reader.ts";
import { servePreparation } from "../ingest/preparation-handler.ts";

servePreparation({ pdf: new UnpdfReader() });
