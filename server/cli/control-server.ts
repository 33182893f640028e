// The service's control channel: a loopback-only HTTP listener where the CLI hands over a data command it may not run
// itself (the embedded database allows one process), authenticated by the secret in the data folder (0600).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { parseCliArgs } from "./cli-args.ts";
import { isDataCommand, runDataCommand } from "./data-commands.ts";
import type { CommandContext } from "./command-context.ts";
import { secretsEqual } from "./control-secret.ts";

/** The reply to a forwarded command: what the CLI prints and the exit code it returns. */
export interface ControlReply {
  code: number;
  stdout: string;
  stderr: string;
}

const MAX_BODY_BYTES = 64 * 1024;

export interface ControlServer {
  port: number;
  close(): Promise<void>;
}

export async function startControlServer(opts: {
  secret: string;
  context: Omit<CommandContext, "out" | "err">;
  onError(error: unknown): void;
}): Promise<ControlServer> {
  const server: Server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const auth = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    if (request.method !== "POST" || request.url !== "/command") return send(404, { error: "Not found." });
    if (!secretsEqual(auth, opts.secret)) return send(401, { error: "Wrong control secret." });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) return send(413, { error: "Command too long." });
      chunks.push(chunk as Buffer);
    }
    let argv: unknown;
    try {
      argv = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { argv?: unknown }).argv;
    } catch {
      return send(400, { error: "Expected JSON {argv: string[]}." });
    }
    if (!Array.isArray(argv) || !argv.every((a) => typeof a === "string")) return send(400, { error: "Expected JSON {argv: string[]}." });
    const stdout: string[] = [];
    const stderr: string[] = [];
    try {
      const args = parseCliArgs(argv as string[]);
      // serve and worker are not data commands: a forwarded argv can only ever run what the registry holds.
      if (!isDataCommand(args.command)) return send(400, { error: `"${args.command}" cannot be run through the service.` });
      const code = await runDataCommand({ ...opts.context, out: (t) => stdout.push(t), err: (t) => stderr.push(t) }, args);
      send(200, { code, stdout: lines(stdout), stderr: lines(stderr) } satisfies ControlReply);
    } catch (error) {
      opts.onError(error);
      send(200, { code: 1, stdout: lines(stdout), stderr: lines([...stderr, `error: ${(error as Error).message}`]) } satisfies ControlReply);
    }
  });
  // 127.0.0.1 only: the channel is for a CLI on this machine, never for the network.
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const lines = (parts: string[]) => parts.map((p) => `${p}\n`).join("");
