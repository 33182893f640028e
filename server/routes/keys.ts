// The key API (/api/keys): owners and admins list, create (secret shown once) and revoke scoped keys.
import { Elysia, t } from "elysia";
import { routeGroup } from "./route-group.ts";
import { CreateKeyBody, CreatedKey, KeyList, KeyView } from "../../shared/keys.ts";
import { ErrorBody } from "../../shared/errors.ts";
import type { KeyService } from "../accounts/key-service.ts";
import { authOf } from "../plugins/auth.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export function keyRoutes(deps: { keys: KeyService; auth: Elysia<any, any, any, any, any, any, any> }) {
  return routeGroup("/api/keys", "API keys")
    .use(deps.auth)
    .get("/", async (ctx) => ({ keys: await deps.keys.list(authOf(ctx)) }), {
      response: { 200: KeyList, ...errors },
      detail: { summary: "List the organisation's keys (never their secrets)" },
    })
    .post("/", async (ctx) => deps.keys.create(authOf(ctx), ctx.body), {
      body: CreateKeyBody,
      response: { 200: CreatedKey, ...errors },
      detail: { summary: "Create a key, optionally limited to sites, actions and an expiry; the secret is in this response only" },
    })
    .delete("/:keyId", async (ctx) => ({ success: true, key: await deps.keys.revoke(authOf(ctx), ctx.params.keyId) }), {
      params: t.Object({ keyId: t.String({ minLength: 1, maxLength: 100 }) }),
      response: { 200: t.Object({ success: t.Boolean(), key: KeyView }), ...errors },
      detail: { summary: "Revoke a key: refused from its very next request" },
    });
}
