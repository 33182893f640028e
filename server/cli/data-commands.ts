// The registry of commands that read or write the data (everything but serve and worker). The CLI runs them itself
// when it may open the database, or forwards the argv to the running service, which calls runDataCommand in-process.
//
// Hook for new commands: add `name: handler` to `handlers` below (and its flags to cli-args.ts). A handler gets the
// stores (CommandStores) and writes its output through ctx.out / ctx.err, never console, so it works the same when forwarded
// over the control channel; it throws ConfigError for a usage or lookup mistake. Nothing else needs to change.
import { ConfigError } from "../errors/config-error.ts";
import type { CliArgs } from "./cli-args.ts";
import type { CommandContext, CommandHandler } from "./command-context.ts";
import { runAccountCommand } from "./account-commands.ts";

const handlers: Record<string, CommandHandler> = {
  orgs: runAccountCommand,
  keys: runAccountCommand,
  users: async (ctx, args) => (await import("./user-commands.ts")).runUserCommand(ctx, args),
  reindex: async (ctx, args) => (await import("./reindex-command.ts")).runReindex(ctx, { siteId: args.values.site, all: args.values.all }),
};

export const isDataCommand = (name: string | undefined): name is string => name !== undefined && Object.hasOwn(handlers, name);

/** Runs one data command; a ConfigError becomes "error: …" on err and exit code 2, as the CLI always did. */
export async function runDataCommand(ctx: CommandContext, args: CliArgs): Promise<number> {
  if (!isDataCommand(args.command)) throw new ConfigError(`Unknown command "${args.command}". Run site-search --help.`);
  try {
    return await handlers[args.command]!(ctx, args);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    ctx.err(`error: ${error.message}`);
    return 2;
  }
}
