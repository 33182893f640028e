// orgs and keys commands: create organisations, issue keys (shown once), list and revoke them.
import type { Plan, Role } from "../ports/account-store.ts";
import { generateApiKey } from "../accounts/index.ts";
import { ConfigError } from "../errors/config-error.ts";
import type { CliArgs } from "./cli-args.ts";
import type { CommandContext } from "./command-context.ts";

const PLANS = ["free", "pro", "enterprise"] as const;
const ROLES = ["owner", "admin", "member"] as const;

function need<T extends string>(value: string | undefined, flag: string, allowed?: readonly T[]): T {
  if (!value) throw new ConfigError(`--${flag} is required.`);
  if (allowed && !(allowed as readonly string[]).includes(value)) throw new ConfigError(`--${flag} must be one of ${allowed.join(", ")}.`);
  return value as T;
}

export async function runAccountCommand(ctx: CommandContext, { command, sub, rest, values: flags }: CliArgs): Promise<number> {
  const { accounts } = ctx.stores;
  const print = (human: string, json: unknown) => ctx.out(flags.json ? JSON.stringify(json) : human);
  switch (`${command} ${sub}`) {
    case "orgs create": {
      const org = await accounts.createOrganisation({ name: need(flags.name, "name"), plan: need<Plan>(flags.plan, "plan", PLANS) });
      print(`Created organisation ${org.id} (${org.name}, plan ${org.plan}).`, { id: org.id, name: org.name, plan: org.plan });
      return 0;
    }
    case "orgs list": {
      const orgs = await accounts.listOrganisations();
      print(
        orgs.map((o) => `${o.id}\t${o.plan}\t${o.name}`).join("\n") || "No organisations yet.",
        orgs.map((o) => ({ id: o.id, name: o.name, plan: o.plan })),
      );
      return 0;
    }
    case "orgs plan": {
      const ok = await accounts.setPlan(need(flags.org, "org"), need<Plan>(flags.plan, "plan", PLANS));
      if (!ok) throw new ConfigError(`No organisation ${flags.org}.`);
      print(`Organisation ${flags.org} is now on the ${flags.plan} plan.`, { id: flags.org, plan: flags.plan });
      return 0;
    }
    case "keys create": {
      const orgId = need(flags.org, "org");
      if (!(await accounts.getOrganisation(orgId))) throw new ConfigError(`No organisation ${orgId}.`);
      const role = need<Role>(flags.role ?? "owner", "role", ROLES);
      const { key, prefix, hash } = generateApiKey(flags.test ? "test" : "live");
      const row = await accounts.createKey({ orgId, name: need(flags.name, "name"), role, environment: flags.test ? "test" : "live", prefix, hash });
      print(`Created key ${row.id} (${role}). It is shown once; store it now:\n\n  ${key}\n`, { id: row.id, key, prefix });
      return 0;
    }
    case "keys list": {
      const keys = await accounts.listKeys(need(flags.org, "org"));
      const view = keys.map((k) => ({
        id: k.id,
        name: k.name,
        role: k.role,
        prefix: k.prefix,
        createdAt: k.createdAt.toISOString(),
        lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
        revoked: k.revokedAt !== null,
      }));
      print(view.map((k) => `${k.id}\t${k.prefix}…\t${k.role}\t${k.name}${k.revoked ? "\trevoked" : ""}`).join("\n") || "No keys.", view);
      return 0;
    }
    case "keys revoke": {
      const id = need(rest[0], "KEY_ID (positional)");
      const row = await accounts.revokeKey(id);
      if (!row) throw new ConfigError(`No active key ${id}.`);
      print(`Revoked key ${id}; it is refused from its next request.`, { id, revoked: true });
      return 0;
    }
    default:
      throw new ConfigError(`Unknown command "${command} ${sub ?? ""}". Run site-search --help.`);
  }
}
