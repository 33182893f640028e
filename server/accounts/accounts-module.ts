// The accounts feature as the container builds it: dashboard sign-in and sessions, first-run setup, and the key API.
import type { KeyStore } from "../ports/key-store.ts";
import type { SessionStore } from "../ports/session-store.ts";
import type { UserStore } from "../ports/user-store.ts";
import type { RateLimiter } from "../rate-limit/index.ts";
import { KeyService } from "./key-service.ts";
import { SessionService } from "./session-service.ts";
import { SetupService } from "./setup-service.ts";

export interface AccountsModuleDeps {
  users: UserStore;
  sessions: SessionStore;
  keys: KeyStore;
  limiter: RateLimiter;
  /** Whether the site is the organisation's (a key may be scoped to it). */
  siteOwned(orgId: string, siteId: string): Promise<boolean>;
  now: () => Date;
}

export function createAccountsModule(deps: AccountsModuleDeps) {
  const sessions = new SessionService({ users: deps.users, sessions: deps.sessions, limiter: deps.limiter, now: deps.now });
  return {
    sessions,
    setup: new SetupService(deps.users, sessions, deps.limiter, deps.now),
    keys: new KeyService(deps.keys, deps.siteOwned, deps.now),
  };
}

export type AccountsModule = ReturnType<typeof createAccountsModule>;
