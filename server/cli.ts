// Command line: site-search serve | worker | orgs … | keys … | reindex …
import { loadConfig } from "./config.ts";
import { ConfigError } from "./errors/config-error.ts";
import { parseCliArgs } from "./cli/cli-args.ts";
import { isDataCommand } from "./cli/data-commands.ts";
import { runDataCommandFromCli } from "./cli/run-data-command.ts";
import { openCommandStores } from "./composition/command-stores.ts";

const USAGE = `site-search — self-hostable site search and AI answers

Usage:
  site-search serve                                   run the API (and, by default, the workers)
  site-search worker                                  run crawl and embedding workers without the API
  site-search orgs create --name NAME --plan free|pro|enterprise [--json]
  site-search orgs list [--json]
  site-search orgs plan --org ORG --plan free|pro|enterprise
  site-search keys create --org ORG --name NAME --role owner|admin|member [--test] [--json]
  site-search keys list --org ORG [--json]
  site-search keys revoke KEY_ID
  site-search users create --org ORG --email EMAIL --role owner|admin|member [--json]
  site-search users reset-password --email EMAIL [--json]
  site-search reindex --site SITE_ID | --all           rebuild the external lexical index from Postgres

Settings come from the environment (see docs/configuration.md): DATABASE_URL, DATA_DIR, PORT, …`;

async function main(argv: string[]): Promise<number> {
  const args = parseCliArgs(argv);
  const { command, values } = args;
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 1;
  }
  const config = loadConfig();
  switch (command) {
    case "serve":
      await import("./main.ts");
      return -1;
    case "worker": {
      const { runWorker } = await import("./worker.ts");
      await runWorker(config);
      return -1;
    }
    default:
      // Every data command (orgs, keys, reindex, and any added to server/cli/data-commands.ts) goes this one way.
      if (isDataCommand(command)) return runDataCommandFromCli(config, argv, args, openCommandStores);
      console.error(`Unknown command "${command}".\n\n${USAGE}`);
      return 1;
  }
}

try {
  const code = await main(process.argv.slice(2));
  if (code >= 0) process.exit(code);
} catch (error) {
  if (error instanceof ConfigError || (error as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    console.error(`error: ${(error as Error).message}`);
    process.exit(2);
  }
  throw error;
}
