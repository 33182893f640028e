// Path parameters of the HTTP API, one schema per shape: ids are opaque strings of 1 to 100 characters.
import { Type, type Static } from "@sinclair/typebox";

const Id = Type.String({ minLength: 1, maxLength: 100 });

export const SiteParams = Type.Object({ siteId: Id });
export type SiteParams = Static<typeof SiteParams>;

/** Sites and their pages are also mounted under /organisations/:orgId/ai-search/sites (the principal checks orgId). */
export const OrgSiteParams = Type.Object({ siteId: Id, orgId: Type.Optional(Type.String()) });
export type OrgSiteParams = Static<typeof OrgSiteParams>;

export const GroupParams = Type.Object({ groupId: Id });
export type GroupParams = Static<typeof GroupParams>;

export const JobParams = Type.Object({ jobId: Id });
export type JobParams = Static<typeof JobParams>;

export const KeyParams = Type.Object({ keyId: Id });
export type KeyParams = Static<typeof KeyParams>;

export const WebhookParams = Type.Object({ webhookId: Id });
export type WebhookParams = Static<typeof WebhookParams>;
