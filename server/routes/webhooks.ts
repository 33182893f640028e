// Webhooks of the key's organisation: subscribe, list, delete, read deliveries, ping.
import { routeGroup } from "./route-group.ts";
import { ErrorBody } from "../../shared/errors.ts";
import { SuccessBody } from "../../shared/sites.ts";
import { CreateWebhookBody, CreateWebhookResponse, PingWebhookResponse, WebhookDeliveryList, WebhookList } from "../../shared/webhooks.ts";
import type { WebhookService } from "../connectors/index.ts";
import type { PrincipalPlugin } from "../plugins/auth.ts";
import { requireRole } from "../accounts/index.ts";
import { WebhookParams } from "../../shared/params.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };

export function webhookRoutes(deps: { webhooks: WebhookService; principal: PrincipalPlugin }) {
  return routeGroup("/api/webhooks", "Webhooks")
    .use(deps.principal)
    .post("/", async ({ principal, body }) => deps.webhooks.create(principal.orgId, body), {
      body: CreateWebhookBody,
      response: { 200: CreateWebhookResponse, ...errors },
      detail: { summary: "Subscribe a URL to events; the signing secret is shown only in this answer" },
    })
    .get("/", async ({ principal }) => deps.webhooks.list(principal.orgId), {
      response: { 200: WebhookList, ...errors },
      detail: { summary: "The organisation's webhooks" },
    })
    .delete(
      "/:webhookId",
      async ({ principal, params }) => {
        // Deleting (or replacing, which is delete and create) silences the organisation's notifications: not a member's call.
        requireRole(principal, "admin", "Deleting a webhook");
        return deps.webhooks.delete(principal.orgId, params.webhookId);
      },
      {
        params: WebhookParams,
        response: { 200: SuccessBody, ...errors },
        detail: { summary: "Admins and owners: delete a webhook and its delivery log" },
      },
    )
    .get("/:webhookId/deliveries", async ({ principal, params }) => deps.webhooks.deliveries(principal.orgId, params.webhookId), {
      params: WebhookParams,
      response: { 200: WebhookDeliveryList, ...errors },
      detail: { summary: "The last 100 deliveries, newest first: status, attempts, last error" },
    })
    .post("/:webhookId/ping", async ({ principal, params }) => deps.webhooks.ping(principal.orgId, params.webhookId), {
      params: WebhookParams,
      response: { 200: PingWebhookResponse, ...errors },
      detail: { summary: "Queue a ping event to this webhook" },
    });
}
