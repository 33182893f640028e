// Users, their memberships of organisations, and the one-time links (first-run setup, invitations).
import type { Role } from "../../shared/keys.ts";

export interface User {
  id: string;
  email: string;
  passwordHash: string;
}

export interface Membership {
  orgId: string;
  name: string;
  plan: "free" | "pro" | "enterprise";
  role: Role;
}

export interface OneTimeToken {
  kind: "setup" | "invite";
  orgId: string | null;
  role: Role | null;
  expiresAt: Date;
}

export interface UserStore {
  countUsers(): Promise<number>;
  findByEmail(email: string): Promise<User | null>;
  getUser(id: string): Promise<User | null>;
  setPassword(userId: string, passwordHash: string): Promise<void>;
  memberships(userId: string): Promise<Membership[]>;
  /** Creates the user (or finds it by email) and gives it this role; an existing membership keeps the higher role. */
  createMember(input: { email: string; passwordHash: string; orgId: string; role: Role }): Promise<User>;
  /** Replaces every unused link of this kind (setup: only one link is live at a time). */
  replaceTokens(kind: "setup", hash: string, expiresAt: Date): Promise<void>;
  createToken(input: { hash: string; kind: "invite"; orgId: string; role: Role; expiresAt: Date }): Promise<void>;
  /** The link while it is unused and unexpired, without spending it (a cheap check before expensive work); else null. */
  findToken(hash: string, kind: "setup" | "invite", now: Date): Promise<OneTimeToken | null>;
  /** Marks the link used and returns it, or null when unknown, spent or expired; atomic so a link works once. */
  consumeToken(hash: string, kind: "setup" | "invite", now: Date): Promise<OneTimeToken | null>;
  /** First run, in one transaction: spends the setup link, creates the organisation, the user and its owner membership. Null when the link is not valid or a user already exists. */
  completeSetup(input: {
    tokenHash: string;
    email: string;
    passwordHash: string;
    organisation: string;
    now: Date;
  }): Promise<{ user: User; orgId: string } | null>;
}
