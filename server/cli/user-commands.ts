// users commands: add a dashboard user to an organisation, and reset a forgotten password (both print the
// generated password once). Same shape as account-commands.ts, so the loopback CLI channel can carry it.
import { SessionService, SetupService } from "../accounts/index.ts";
import { RateLimiter } from "../rate-limit/index.ts";
import { ConfigError } from "../errors/config-error.ts";
import type { CliArgs } from "./cli-args.ts";
import type { CommandContext } from "./command-context.ts";
import type { Role } from "../../shared/keys.ts";

const ROLES = ["owner", "admin", "member"] as const;

function need(value: string | undefined, flag: string): string {
  if (!value) throw new ConfigError(`--${flag} is required.`);
  return value;
}

export async function runUserCommand(ctx: CommandContext, { sub, values: flags }: CliArgs): Promise<number> {
  const { accounts, users, sessions, rateLimits } = ctx.stores;
  const limiter = new RateLimiter(rateLimits);
  const setup = new SetupService(users, new SessionService({ users, sessions, limiter }), limiter);
  const print = (human: string, json: unknown) => ctx.out(flags.json ? JSON.stringify(json) : human);
  switch (sub) {
    case "create": {
      const orgId = need(flags.org, "org");
      const email = need(flags.email, "email");
      const role = (flags.role ?? "member") as Role;
      if (!ROLES.includes(role)) throw new ConfigError(`--role must be one of ${ROLES.join(", ")}.`);
      if (!(await accounts.getOrganisation(orgId))) throw new ConfigError(`No organisation ${orgId}.`);
      const { userId, password } = await setup.createUser({ orgId, email, role });
      print(
        password
          ? `Created user ${email} (${role} of ${orgId}). Password, shown once:\n\n  ${password}\n`
          : `${email} already had an account; it is now ${role} of ${orgId}.`,
        { userId, email, orgId, role, password },
      );
      return 0;
    }
    case "reset-password": {
      const email = need(flags.email, "email");
      const password = await setup
        .resetPassword(email, (userId) => sessions.deleteForUser(userId))
        .catch((error) => {
          throw new ConfigError((error as Error).message);
        });
      print(`New password for ${email}, shown once (every session of the user has ended):\n\n  ${password}\n`, { email, password });
      return 0;
    }
    default:
      throw new ConfigError(`Unknown command "users ${sub ?? ""}". Run site-search --help.`);
  }
}
