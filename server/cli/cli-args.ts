// Parses the command line once, the same way in the CLI and in the service that runs a forwarded command.
import { parseArgs } from "node:util";

/** Every flag of every command. A new command's flags go here, so a forwarded argv parses the same on both sides. */
const OPTIONS = {
  name: { type: "string" },
  plan: { type: "string" },
  org: { type: "string" },
  email: { type: "string" },
  role: { type: "string" },
  site: { type: "string" },
  all: { type: "boolean", default: false },
  test: { type: "boolean", default: false },
  json: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

export type CliFlags = ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: typeof OPTIONS }>>["values"];

export interface CliArgs {
  command: string | undefined;
  sub: string | undefined;
  rest: string[];
  values: CliFlags;
}

export function parseCliArgs(argv: string[]): CliArgs {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  const [command, sub, ...rest] = positionals;
  return { command, sub, rest, values };
}
