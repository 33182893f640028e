// The first run (a one-time setup link while no user exists), invitations, and the CLI's user commands.
import { AccountLimits } from "../../shared/limits.ts";
import type { Invite, SetupBody, AcceptInviteBody } from "../../shared/accounts.ts";
import type { Role } from "../../shared/keys.ts";
import { ErrorCode } from "../../shared/errors.ts";
import { DomainError } from "../errors/domain-error.ts";
import type { UserStore } from "../ports/user-store.ts";
import type { RateLimiter } from "../rate-limit/index.ts";
import type { SessionService } from "./session-service.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { digest, newSecret } from "./tokens.ts";
import { requireRole, roleAtMost, type Principal } from "./principal.ts";

const inviteRefused = () =>
  new DomainError(
    "TOKEN_INVALID",
    "This invitation cannot be used with these details: the link may be used, expired or replaced, or the email has an account whose password was not given. Ask for a new invitation.",
  );
const spentLink = () => new DomainError("TOKEN_INVALID", "This link is not valid: it was used already, has expired, or was replaced by a newer one.");

export class SetupService {
  constructor(
    private readonly users: UserStore,
    private readonly sessions: SessionService,
    private readonly limiter: RateLimiter,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async setupNeeded(): Promise<boolean> {
    return (await this.users.countUsers()) === 0;
  }

  /** A fresh setup token while no user exists (printed at start-up), else null. Each start replaces the last link. */
  async issueSetupLink(): Promise<string | null> {
    if (!(await this.setupNeeded())) return null;
    const token = newSecret();
    await this.users.replaceTokens("setup", digest(token), new Date(this.now().getTime() + AccountLimits.setupLinkSeconds * 1000));
    return token;
  }

  /**
   * Anonymous, so everything cheap comes first: the per-address limit, then whether setup is still open and the link
   * valid; only then is the password hashed (waiting behind sign-ins). The store checks both again atomically.
   */
  async completeSetup(body: SetupBody, ip: string, headers: Record<string, string | number>): Promise<{ token: string; expiresAt: Date }> {
    await this.limiter.check(`setup-ip:${ip}`, AccountLimits.setupPerMinutePerIp, headers, "setup attempts");
    const tokenHash = digest(body.token);
    if (!(await this.setupNeeded()) || !(await this.users.findToken(tokenHash, "setup", this.now()))) throw spentLink();
    const done = await this.users.completeSetup({
      tokenHash,
      email: body.email,
      passwordHash: await hashPassword(body.password),
      organisation: body.organisation.trim(),
      now: this.now(),
    });
    if (!done) throw spentLink();
    return this.sessions.start(done.user.id, done.orgId);
  }

  async invite(principal: Principal, role: Role = "member"): Promise<Invite> {
    requireRole(principal, "admin", "Inviting people");
    // An admin cannot mint an owner: nobody hands out more than they hold.
    if (!roleAtMost(role, principal.role)) throw new DomainError("ROLE_REQUIRED", `Only an owner can invite an ${role}.`);
    const token = newSecret();
    const expiresAt = new Date(this.now().getTime() + AccountLimits.inviteLinkSeconds * 1000);
    await this.users.createToken({ hash: digest(token), kind: "invite", orgId: principal.orgId, role, expiresAt });
    return { link: `/dashboard/invite?token=${token}`, role, expiresAt: Math.floor(expiresAt.getTime() / 1000) };
  }

  /**
   * A new email becomes a user; an existing user proves it with its password and joins the organisation. The link is
   * spent first, so a made-up or used link costs no password work; then the sign-in limits apply; and every refusal
   * is the same sentence, so the answer never tells which emails have accounts or whether a password was right.
   */
  async acceptInvite(body: AcceptInviteBody, ip: string, headers: Record<string, string | number>): Promise<{ token: string; expiresAt: Date }> {
    const link = await this.users.consumeToken(digest(body.token), "invite", this.now());
    if (!link?.orgId || !link.role) throw inviteRefused();
    const attempt = await this.sessions.admitSignIn(body.email, ip, headers);
    const existing = await this.users.findByEmail(body.email);
    if (existing && !(await verifyPassword(body.password, existing.passwordHash))) throw inviteRefused();
    await attempt.succeeded();
    const user = await this.users.createMember({
      email: body.email,
      passwordHash: existing?.passwordHash ?? (await hashPassword(body.password)),
      orgId: link.orgId,
      role: link.role,
    });
    return this.sessions.start(user.id, link.orgId);
  }

  /** CLI: adds a user (new or existing) to an organisation; returns a generated password for a new user. */
  async createUser(input: { orgId: string; email: string; role: Role }): Promise<{ userId: string; password: string | null }> {
    const existing = await this.users.findByEmail(input.email);
    const password = existing ? null : newSecret().slice(0, 20);
    const user = await this.users.createMember({ ...input, passwordHash: existing?.passwordHash ?? (await hashPassword(password!)) });
    return { userId: user.id, password };
  }

  /** CLI: sets a new generated password and ends every session of the user. */
  async resetPassword(email: string, endSessions: (userId: string) => Promise<void>): Promise<string> {
    const user = await this.users.findByEmail(email);
    if (!user) throw new DomainError(ErrorCode.NotFound, `No user ${email}.`);
    const password = newSecret().slice(0, 20);
    await this.users.setPassword(user.id, await hashPassword(password));
    await endSessions(user.id);
    return password;
  }
}
