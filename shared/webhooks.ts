// Webhooks: subscription bodies, the delivery log, and the event envelope every delivery carries.
import { Type, type Static } from "@sinclair/typebox";
import { Limits } from "./limits.ts";

export const WebhookEventType = Type.Union([
  Type.Literal("crawl.completed"),
  Type.Literal("crawl.failed"),
  Type.Literal("site.stale"),
  Type.Literal("site.ready"),
  Type.Literal("pages.removed"),
  Type.Literal("ping"),
]);
export type WebhookEventType = Static<typeof WebhookEventType>;

export const CreateWebhookBody = Type.Object(
  {
    url: Type.String({
      format: "uri",
      pattern: "^https?://",
      maxLength: Limits.urlMaxChars,
      errorMessage: "must be a full web address starting with http:// or https://",
    }),
    events: Type.Array(WebhookEventType, { minItems: 1, maxItems: 6, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

export const Webhook = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(WebhookEventType),
  createdAt: Type.Integer(),
});
export type Webhook = Static<typeof Webhook>;

/** The secret is shown once, here; the list never shows it again. */
export const CreateWebhookResponse = Type.Composite([Webhook, Type.Object({ secret: Type.String() })]);
export type CreateWebhookResponse = Static<typeof CreateWebhookResponse>;

export const WebhookList = Type.Object({ webhooks: Type.Array(Webhook) });
export type WebhookList = Static<typeof WebhookList>;

export const WebhookDelivery = Type.Object({
  id: Type.String(),
  eventId: Type.String(),
  eventType: Type.String(),
  status: Type.Union([Type.Literal("pending"), Type.Literal("delivered"), Type.Literal("failed")]),
  attempts: Type.Integer(),
  responseStatus: Type.Union([Type.Integer(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  nextAttemptAt: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.Integer(),
  deliveredAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookDeliveryList = Type.Object({ deliveries: Type.Array(WebhookDelivery) });
export type WebhookDeliveryList = Static<typeof WebhookDeliveryList>;

export const PingWebhookResponse = Type.Object({ success: Type.Boolean(), eventId: Type.String(), deliveryId: Type.String() });
export type PingWebhookResponse = Static<typeof PingWebhookResponse>;

/** What a receiver gets: the body it verifies with X-Site-Search-Signature. */
export interface WebhookEvent<T = Record<string, unknown>> {
  id: string;
  type: WebhookEventType;
  /** Unix seconds when the event happened (not when this attempt was sent). */
  createdAt: number;
  orgId: string;
  data: T;
}

export const WebhookSignatureHeader = "X-Site-Search-Signature";
