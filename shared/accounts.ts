// Dashboard accounts on the wire: first-run setup, login sessions, password change and invitations.
import { Type, type Static } from "@sinclair/typebox";
import { Limits } from "./limits.ts";
import { DisplayName } from "./display-name.ts";
import { Role } from "./keys.ts";

const Email = Type.String({ minLength: 3, maxLength: 254, pattern: "^[^\\s@]+@[^\\s@]+$", errorMessage: "must be an email address such as owner@example.com" });
/** Long enough to resist guessing; the upper bound keeps hashing cheap to refuse. */
const Password = Type.String({ minLength: 10, maxLength: 200 });
const Token = Type.String({ minLength: 20, maxLength: 100 });

export const SetupBody = Type.Object({ token: Token, email: Email, password: Password, organisation: DisplayName(200) }, { additionalProperties: false });
export type SetupBody = Static<typeof SetupBody>;

export const LoginBody = Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
export type LoginBody = Static<typeof LoginBody>;

export const PasswordChangeBody = Type.Object(
  { currentPassword: Type.String({ minLength: 1, maxLength: 200 }), newPassword: Password },
  { additionalProperties: false },
);
export type PasswordChangeBody = Static<typeof PasswordChangeBody>;

export const OrganisationChoice = Type.Object({ orgId: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });
export type OrganisationChoice = Static<typeof OrganisationChoice>;

export const MembershipView = Type.Object({ orgId: Type.String(), name: Type.String(), plan: Type.String(), role: Role });
export type MembershipView = Static<typeof MembershipView>;

export const SessionView = Type.Object({
  user: Type.Object({ id: Type.String(), email: Type.String() }),
  /** The organisation every /api request of this session acts on. */
  organisation: MembershipView,
  memberships: Type.Array(MembershipView),
  expiresAt: Type.Integer(),
});
export type SessionView = Static<typeof SessionView>;

export const SetupStatus = Type.Object({ needed: Type.Boolean({ description: "True while no user exists." }) });
export type SetupStatus = Static<typeof SetupStatus>;

export const InviteBody = Type.Object({ role: Type.Optional(Role) }, { additionalProperties: false });
export type InviteBody = Static<typeof InviteBody>;

export const Invite = Type.Object({
  /** Path of the one-time link, relative to the service: /dashboard/invite?token=… */
  link: Type.String(),
  role: Role,
  expiresAt: Type.Integer(),
});
export type Invite = Static<typeof Invite>;

export const AcceptInviteBody = Type.Object({ token: Token, email: Email, password: Password }, { additionalProperties: false });
export type AcceptInviteBody = Static<typeof AcceptInviteBody>;

export const SiteSearchBody = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: Limits.queryMaxChars }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    minScore: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  },
  { additionalProperties: false },
);
export type SiteSearchBody = Static<typeof SiteSearchBody>;
