// Cross-cutting request guards: a request id on every response, and bodies over the limit refused with 413 before parsing.
import { Elysia } from "elysia";
import { randomUUID } from "node:crypto";
import { ErrorCode } from "../../shared/errors.ts";
import { AppError } from "../errors/app-error.ts";

export function requestGuards(maxBodyBytes: number) {
  // onRequest hooks are global by nature: they run for every request, before routing.
  return new Elysia().onRequest(({ request, set }) => {
    const incoming = request.headers.get("x-request-id");
    (set.headers as Record<string, string>)["x-request-id"] = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    const length = Number(request.headers.get("content-length") ?? 0);
    if (length > maxBodyBytes) {
      throw new AppError(413, ErrorCode.PayloadTooLarge, `Request body is ${length} bytes; the limit is ${maxBodyBytes} bytes.`);
    }
  });
}
