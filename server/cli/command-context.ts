// What a data command gets: the config, the stores it reads and writes, and where its output goes.
import type { Config } from "../config.ts";
import type { AccountStore } from "../ports/account-store.ts";
import type { UserStore } from "../ports/user-store.ts";
import type { SessionStore } from "../ports/session-store.ts";
import type { RateLimitStore } from "../ports/rate-limit-store.ts";
import type { IndexRebuilder } from "../ports/index-rebuilder.ts";
import type { CliArgs } from "./cli-args.ts";

/** What the commands read and write, over the database the CLI or the service opened (server/composition/command-stores.ts). */
export interface CommandStores {
  accounts: AccountStore;
  users: UserStore;
  sessions: SessionStore;
  /** Sign-in attempts a command's session service counts; a command runs once, so in-process windows do. */
  rateLimits: RateLimitStore;
  /** Opens the external lexical index for `reindex`; loaded when used, as it brings the Elasticsearch client. */
  openIndexRebuilder(): Promise<IndexRebuilder>;
}

export interface CommandContext {
  config: Config;
  stores: CommandStores;
  out(text: string): void;
  err(text: string): void;
}

export type CommandHandler = (ctx: CommandContext, args: CliArgs) => Promise<number>;
