// The dashboard's session routes: first-run setup, login, the current session, organisation choice,
// password change, logout, and invitations. Every state change here also passes the Origin check.
import type { TrustProxy } from "../plugins/client-ip.ts";
import { Elysia, t } from "elysia";
import { routeGroup } from "./route-group.ts";
import {
  AcceptInviteBody,
  Invite,
  InviteBody,
  LoginBody,
  OrganisationChoice,
  PasswordChangeBody,
  SessionView,
  SetupBody,
  SetupStatus,
} from "../../shared/accounts.ts";
import { ErrorBody } from "../../shared/errors.ts";
import type { SessionService, SetupService } from "../accounts/index.ts";
import { clientIp } from "../plugins/client-ip.ts";
import { assertSameOrigin, clearedSessionCookie, isHttps, sessionCookie, sessionToken } from "../plugins/session-cookie.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };
const Ok = t.Object({ success: t.Boolean() });

interface SessionDeps {
  sessions: SessionService;
  setup: SetupService;
  trustProxy: TrustProxy;
}

/** Every route here answers only the dashboard's own origin: login CSRF (signing a victim in as the attacker) included. */
const sameOriginGroup = (deps: SessionDeps) => routeGroup("/api", "Session").onBeforeHandle(({ request }) => assertSameOrigin(request, deps.trustProxy));

/** The ways in: first-run setup, login and accepting an invitation, each ending with the session cookie set. */
function signInRoutes(deps: SessionDeps) {
  const signIn = async (request: Request, set: { headers: Record<string, unknown> }, started: { token: string; expiresAt: Date }) => {
    set.headers["set-cookie"] = sessionCookie(started.token, started.expiresAt, isHttps(request, deps.trustProxy));
    return deps.sessions.view((await deps.sessions.resolve(started.token))!);
  };
  return sameOriginGroup(deps)
    .get("/setup", async () => ({ needed: await deps.setup.setupNeeded() }), {
      response: { 200: SetupStatus },
      detail: { summary: "Whether the first-run setup is still open (no user exists)" },
    })
    .post(
      "/setup",
      async ({ body, request, set, server }) => {
        const ip = clientIp(request, server, deps.trustProxy);
        return signIn(request, set, await deps.setup.completeSetup(body, ip, set.headers));
      },
      {
        body: SetupBody,
        response: { 200: SessionView, ...errors },
        detail: { summary: "First run: spend the printed setup link, create the first user (owner) and organisation, and sign in" },
      },
    )
    .post(
      "/session",
      async ({ body, request, set, server }) => {
        const ip = clientIp(request, server, deps.trustProxy);
        return signIn(request, set, await deps.sessions.login(body.email, body.password, ip, set.headers));
      },
      { body: LoginBody, response: { 200: SessionView, ...errors }, detail: { summary: "Sign in; sets the HttpOnly session cookie" } },
    )
    .post(
      "/invites/accept",
      async ({ body, request, set, server }) => {
        const ip = clientIp(request, server, deps.trustProxy);
        return signIn(request, set, await deps.setup.acceptInvite(body, ip, set.headers));
      },
      {
        body: AcceptInviteBody,
        response: { 200: SessionView, ...errors },
        detail: { summary: "Spend an invitation: create the user (or join with an existing password) and sign in" },
      },
    );
}

/** What a signed-in user does with the session: read it, choose the organisation, change the password, sign out, invite. */
function signedInRoutes(deps: SessionDeps) {
  return sameOriginGroup(deps)
    .get("/session", async ({ request }) => deps.sessions.view(await deps.sessions.require(sessionToken(request, deps.trustProxy))), {
      response: { 200: SessionView, ...errors },
      detail: { summary: "The signed-in user, its organisations and the current one" },
    })
    .put("/session/organisation", async ({ body, request }) => deps.sessions.chooseOrganisation(sessionToken(request, deps.trustProxy), body.orgId), {
      body: OrganisationChoice,
      response: { 200: SessionView, ...errors },
      detail: { summary: "Choose the organisation the session's /api requests act on" },
    })
    .put(
      "/session/password",
      async ({ body, request }) => {
        await deps.sessions.changePassword(sessionToken(request, deps.trustProxy), body.currentPassword, body.newPassword);
        return { success: true };
      },
      { body: PasswordChangeBody, response: { 200: Ok, ...errors }, detail: { summary: "Change the password; other sessions of the user end" } },
    )
    .delete(
      "/session",
      async ({ request, set }) => {
        await deps.sessions.logout(sessionToken(request, deps.trustProxy));
        set.headers["set-cookie"] = clearedSessionCookie(isHttps(request, deps.trustProxy));
        return { success: true };
      },
      { response: { 200: Ok, ...errors }, detail: { summary: "Sign out: the session ends at once" } },
    )
    .post(
      "/invites",
      async ({ body, request }) => {
        const session = await deps.sessions.require(sessionToken(request, deps.trustProxy));
        return deps.setup.invite(deps.sessions.principal(session), body.role);
      },
      {
        body: InviteBody,
        response: { 200: Invite, ...errors },
        detail: { summary: "Owners and admins: a one-time link (7 days) that adds a person with this role" },
      },
    );
}

export function sessionRoutes(deps: SessionDeps) {
  return new Elysia().use(signInRoutes(deps)).use(signedInRoutes(deps));
}
