// Search groups resource, /api/groups: Enterprise organisations only.
import { routeGroup } from "./route-group.ts";
import { CreateGroupBody, Group, GroupList, UpdateGroupBody } from "../../shared/groups.ts";
import { ErrorBody } from "../../shared/errors.ts";
import type { GroupService } from "../groups/index.ts";
import { requireEnterprise, type PrincipalPlugin } from "../plugins/auth.ts";
import { GroupParams } from "../../shared/params.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 402: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export function groupRoutes(deps: { groups: GroupService; principal: PrincipalPlugin }) {
  return (
    routeGroup("/api/groups", "Search groups")
      // The plan is checked before the body is validated, so a Pro organisation learns it needs Enterprise, not that its body is wrong.
      .use(deps.principal)
      .onTransform(({ principal }) => requireEnterprise(principal))
      .get("/", async ({ principal }) => ({ groups: await deps.groups.list(principal.orgId) }), {
        response: { 200: GroupList, ...errors },
        detail: { summary: "List the organisation's search groups (Enterprise)" },
      })
      .post("/", async ({ principal, body }) => deps.groups.create(principal.orgId, body), {
        body: CreateGroupBody,
        response: { 200: Group, ...errors },
        detail: { summary: "Create a search group of the organisation's sites (Enterprise; 402 at the group quota)" },
      })
      .put("/:groupId", async ({ principal, params, body }) => deps.groups.update(principal.orgId, params.groupId, body), {
        params: GroupParams,
        body: UpdateGroupBody,
        response: { 200: Group, ...errors },
        detail: { summary: "Change a group's name, description or sites; omitted fields are unchanged" },
      })
      .delete(
        "/:groupId",
        async ({ principal, params, set }) => {
          await deps.groups.delete(principal.orgId, params.groupId);
          set.status = 204;
          return new Response(null, { status: 204 });
        },
        {
          params: GroupParams,
          detail: { summary: "Delete a group; its member sites are unaffected (204, no body)" },
        },
      )
  );
}
