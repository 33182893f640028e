// Command line: site-search serve | worker | orgs … | keys … | reindex …
import { parseArgs } from "node:util";
import { loadConfig } from "./config.ts";
import { ConfigError } from "./errors/app-error.ts";
import { runAccountCommand } from "./cli/account-commands.ts";

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
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
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
    },
  });
  const [command, sub, ...rest] = positionals;
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
      const { runWorker } = await import("./cli/worker-command.ts");
      await runWorker(config);
      return -1;
    }
    case "orgs":
    case "keys":
      return runAccountCommand(config, command, sub, rest, values);
    case "users": {
      const { runUserCommand } = await import("./cli/user-commands.ts");
      return runUserCommand(config, sub, values);
    }
    case "reindex": {
      const { runReindex } = await import("./cli/reindex-command.ts");
      return runReindex(config, { siteId: values.site, all: values.all });
    }
    default:
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
