// Dashboard sign-in: login (rate limited), the session a cookie names, organisation choice, password change, logout.
import { AccountLimits } from "../../shared/limits.ts";
import { LoginLimits, type SignInAttempt } from "./login-limits.ts";
import type { SessionView } from "../../shared/accounts.ts";
import { ErrorCode } from "../../shared/errors.ts";
import { DomainError } from "../errors/domain-error.ts";
import type { RateLimiter } from "../rate-limit/index.ts";
import type { SessionRecord, SessionStore } from "../ports/session-store.ts";
import type { Membership, UserStore } from "../ports/user-store.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { digest, newSecret } from "./tokens.ts";
import type { Principal } from "./principal.ts";
import { unixSeconds } from "../../shared/unix-seconds.ts";

export interface SessionServiceDeps {
  users: UserStore;
  sessions: SessionStore;
  limiter: RateLimiter;
  now?: () => Date;
}

export interface ActiveSession {
  record: SessionRecord;
  membership: Membership;
  memberships: Membership[];
  email: string;
}

const badLogin = () => new DomainError(ErrorCode.Unauthorized, "Wrong email or password.");
const noSession = () => new DomainError(ErrorCode.Unauthorized, "Not signed in, or the session has expired.");

export class SessionService {
  private readonly now: () => Date;
  private readonly limits: LoginLimits;

  constructor(private readonly deps: SessionServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.limits = new LoginLimits(deps.limiter);
  }

  /**
   * The sign-in limits, for every way in that checks a password (login, joining with an existing account). Checked
   * before the password is hashed, so guessing costs the guesser, not the server.
   */
  admitSignIn(email: string, ip: string, headers: Record<string, string | number>): Promise<SignInAttempt> {
    return this.limits.admit(email, ip, headers);
  }

  /** Returns the cookie token; only its digest is stored. */
  async login(email: string, password: string, ip: string, headers: Record<string, string | number>): Promise<{ token: string; expiresAt: Date }> {
    const attempt = await this.admitSignIn(email, ip, headers);
    const user = await this.deps.users.findByEmail(email);
    if (!(await verifyPassword(password, user?.passwordHash ?? null)) || !user) throw badLogin();
    await attempt.succeeded();
    const [first] = await this.deps.users.memberships(user.id);
    if (!first) throw new DomainError(ErrorCode.Forbidden, "This user belongs to no organisation.");
    return this.start(user.id, first.orgId);
  }

  async start(userId: string, orgId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = newSecret();
    const expiresAt = new Date(this.now().getTime() + AccountLimits.sessionSeconds * 1000);
    await this.deps.sessions.create({ id: digest(token), userId, orgId, expiresAt });
    return { token, expiresAt };
  }

  /** The session a cookie names, with the user's role in its organisation; null when absent, expired or no longer a member. */
  async resolve(token: string | undefined): Promise<ActiveSession | null> {
    if (!token || token.length > 100) return null;
    const record = await this.deps.sessions.find(digest(token), this.now());
    if (!record) return null;
    const user = await this.deps.users.getUser(record.userId);
    if (!user) return null;
    const memberships = await this.deps.users.memberships(record.userId);
    const membership = memberships.find((m) => m.orgId === record.orgId);
    return membership ? { record, membership, memberships, email: user.email } : null;
  }

  async require(token: string | undefined): Promise<ActiveSession> {
    const session = await this.resolve(token);
    if (!session) throw noSession();
    return session;
  }

  principal(session: ActiveSession): Principal {
    const { membership: m } = session;
    return { orgId: m.orgId, plan: m.plan, role: m.role, keyId: null, userId: session.record.userId, sites: null, actions: null };
  }

  view(session: ActiveSession): SessionView {
    return {
      user: { id: session.record.userId, email: session.email },
      organisation: session.membership,
      memberships: session.memberships,
      expiresAt: unixSeconds(session.record.expiresAt),
    };
  }

  async chooseOrganisation(token: string | undefined, orgId: string): Promise<SessionView> {
    const session = await this.require(token);
    if (!session.memberships.some((m) => m.orgId === orgId)) throw new DomainError(ErrorCode.NotFound, "Organisation not found.");
    await this.deps.sessions.setOrganisation(session.record.id, orgId);
    return this.view((await this.resolve(token))!);
  }

  /** Other sessions of the user end: whoever knew the old password is signed out. */
  async changePassword(token: string | undefined, current: string, next: string): Promise<void> {
    const session = await this.require(token);
    const user = await this.deps.users.getUser(session.record.userId);
    if (!user || !(await verifyPassword(current, user.passwordHash))) throw new DomainError(ErrorCode.BadRequest, "The current password is wrong.");
    await this.deps.users.setPassword(user.id, await hashPassword(next));
    await this.deps.sessions.deleteForUser(user.id, session.record.id);
  }

  async logout(token: string | undefined): Promise<void> {
    if (token && token.length <= 100) await this.deps.sessions.delete(digest(token));
  }
}
