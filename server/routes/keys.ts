// The key API (/api/keys): owners and admins list, create (secret shown once) and revoke scoped keys.
import { t } from "elysia";
import { routeGroup } from "./route-group.ts";
import { CreateKeyBody, CreatedKey, KeyList, KeyView } from "../../shared/keys.ts";
import { ErrorBody } from "../../shared/errors.ts";
import type { KeyService } from "../accounts/index.ts";
import type { PrincipalPlugin } from "../plugins/auth.ts";
import { KeyParams } from "../../shared/params.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export function keyRoutes(deps: { keys: KeyService; principal: PrincipalPlugin }) {
  return routeGroup("/api/keys", "API keys")
    .use(deps.principal)
    .get("/", async ({ principal }) => ({ keys: await deps.keys.list(principal) }), {
      response: { 200: KeyList, ...errors },
      detail: { summary: "List the organisation's keys (never their secrets)" },
    })
    .post("/", async ({ principal, body }) => deps.keys.create(principal, body), {
      body: CreateKeyBody,
      response: { 200: CreatedKey, ...errors },
      detail: { summary: "Create a key, optionally limited to sites, actions and an expiry; the secret is in this response only" },
    })
    .delete("/:keyId", async ({ principal, params }) => ({ success: true, key: await deps.keys.revoke(principal, params.keyId) }), {
      params: KeyParams,
      response: { 200: t.Object({ success: t.Boolean(), key: KeyView }), ...errors },
      detail: { summary: "Revoke a key: refused from its very next request" },
    });
}
