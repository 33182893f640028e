// The embeddings API could not give vectors, by cause: it answered with an error, the network failed, it timed out.
// Search treats it like any unavailable upstream (503) and falls back to keywords.
import { AppError } from "../../errors/app-error.ts";
import { ErrorCode } from "../../../shared/errors.ts";

export type EmbeddingFailure = "upstream-error" | "network" | "timeout";

export class EmbeddingUnavailableError extends AppError {
  constructor(
    readonly reason: EmbeddingFailure,
    message: string,
    /** The last HTTP status the API answered with, when it answered. */
    readonly upstreamStatus: number | null = null,
    options?: { error?: unknown },
  ) {
    super(503, ErrorCode.UpstreamUnavailable, message);
    this.name = "EmbeddingUnavailableError";
    if (options?.error !== undefined) this.cause = options.error;
  }
}
