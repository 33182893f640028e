// Webhooks of the key's organisation: subscribe, list, delete, read deliveries, ping.
import { Elysia, t } from "elysia";
import { routeGroup } from "./route-group.ts";
import { ErrorBody } from "../../shared/errors.ts";
import { SuccessBody } from "../../shared/sites.ts";
import { CreateWebhookBody, CreateWebhookResponse, PingWebhookResponse, WebhookDeliveryList, WebhookList } from "../../shared/webhooks.ts";
import type { WebhookService } from "../connectors/webhook-service.ts";
import { authOf } from "../plugins/auth.ts";

const Params = t.Object({ webhookId: t.String({ minLength: 1, maxLength: 100 }) });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };

export function webhookRoutes(deps: { webhooks: WebhookService; auth: Elysia<any, any, any, any, any, any, any> }) {
  return routeGroup("/api/webhooks", "Webhooks")
    .use(deps.auth)
    .post("/", async (ctx) => deps.webhooks.create(authOf(ctx).orgId, ctx.body), {
      body: CreateWebhookBody,
      response: { 200: CreateWebhookResponse, ...errors },
      detail: { summary: "Subscribe a URL to events; the signing secret is shown only in this answer" },
    })
    .get("/", async (ctx) => deps.webhooks.list(authOf(ctx).orgId), {
      response: { 200: WebhookList, ...errors },
      detail: { summary: "The organisation's webhooks" },
    })
    .delete("/:webhookId", async (ctx) => deps.webhooks.delete(authOf(ctx).orgId, ctx.params.webhookId), {
      params: Params,
      response: { 200: SuccessBody, ...errors },
      detail: { summary: "Delete a webhook and its delivery log" },
    })
    .get("/:webhookId/deliveries", async (ctx) => deps.webhooks.deliveries(authOf(ctx).orgId, ctx.params.webhookId), {
      params: Params,
      response: { 200: WebhookDeliveryList, ...errors },
      detail: { summary: "The last 100 deliveries, newest first: status, attempts, last error" },
    })
    .post("/:webhookId/ping", async (ctx) => deps.webhooks.ping(authOf(ctx).orgId, ctx.params.webhookId), {
      params: Params,
      response: { 200: PingWebhookResponse, ...errors },
      detail: { summary: "Queue a ping event to this webhook" },
    });
}
