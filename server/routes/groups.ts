// Search groups resource, /api/groups: Enterprise organisations only.
import { Elysia, t } from "elysia";
import { routeGroup } from "./route-group.ts";
import { CreateGroupBody, Group, GroupList, UpdateGroupBody } from "../../shared/groups.ts";
import { ErrorBody } from "../../shared/errors.ts";
import type { GroupService } from "../groups/group-service.ts";
import { authOf, requireEnterprise } from "../plugins/auth.ts";

const GroupParams = t.Object({ groupId: t.String({ minLength: 1, maxLength: 100 }) });
const errors = { 400: ErrorBody, 401: ErrorBody, 402: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

/** The plan is checked before the body is validated, so a Pro organisation learns it needs Enterprise, not that its body is wrong. */
const enterprise = (ctx: unknown) => {
  const auth = authOf(ctx);
  requireEnterprise(auth);
  return auth;
};

export function groupRoutes(deps: { groups: GroupService; auth: Elysia<any, any, any, any, any, any, any> }) {
  return routeGroup("/api/groups", "Search groups")
    .use(deps.auth)
    .onTransform((ctx) => void enterprise(ctx))
    .get("/", async (ctx) => ({ groups: await deps.groups.list(enterprise(ctx).orgId) }), {
      response: { 200: GroupList, ...errors },
      detail: { summary: "List the organisation's search groups (Enterprise)" },
    })
    .post("/", async (ctx) => deps.groups.create(enterprise(ctx).orgId, ctx.body), {
      body: CreateGroupBody,
      response: { 200: Group, ...errors },
      detail: { summary: "Create a search group of the organisation's sites (Enterprise; 402 at the group quota)" },
    })
    .put("/:groupId", async (ctx) => deps.groups.update(enterprise(ctx).orgId, ctx.params.groupId, ctx.body), {
      params: GroupParams,
      body: UpdateGroupBody,
      response: { 200: Group, ...errors },
      detail: { summary: "Change a group's name, description or sites; omitted fields are unchanged" },
    })
    .delete(
      "/:groupId",
      async (ctx) => {
        await deps.groups.delete(enterprise(ctx).orgId, ctx.params.groupId);
        ctx.set.status = 204;
        return new Response(null, { status: 204 });
      },
      {
        params: GroupParams,
        detail: { summary: "Delete a group; its member sites are unaffected (204, no body)" },
      },
    );
}
