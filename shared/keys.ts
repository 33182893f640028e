// The key API's wire shapes: scoped API keys listed, created (the secret shown once) and revoked.
import { Type, type Static } from "@sinclair/typebox";
import { literalUnion } from "./literal-union.ts";
import { DisplayName } from "./display-name.ts";

/** What a key may do; an unscoped key may do all of them. */
export const KeyActions = ["search", "ingest", "crawl", "analytics", "admin"] as const;
export const KeyAction = literalUnion(KeyActions);
export type KeyAction = Static<typeof KeyAction>;

export const Role = Type.Union([Type.Literal("owner"), Type.Literal("admin"), Type.Literal("member")]);
export type Role = Static<typeof Role>;

export const KeyScope = Type.Object({
  /** Site ids the key may touch; null means every site of the organisation. */
  sites: Type.Union([Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 100 }), Type.Null()]),
  /** Actions the key may take; null means all of them. */
  actions: Type.Union([Type.Array(KeyAction, { minItems: 1, maxItems: KeyActions.length, uniqueItems: true }), Type.Null()]),
});
export type KeyScope = Static<typeof KeyScope>;

export const KeyView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String({ description: "First characters of the key, to recognise it." }),
  role: Role,
  environment: Type.Union([Type.Literal("live"), Type.Literal("test")]),
  scope: KeyScope,
  createdAt: Type.Integer(),
  lastUsedAt: Type.Union([Type.Integer(), Type.Null()]),
  expiresAt: Type.Union([Type.Integer(), Type.Null()]),
  revokedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type KeyView = Static<typeof KeyView>;

export const KeyList = Type.Object({ keys: Type.Array(KeyView) });
export type KeyList = Static<typeof KeyList>;

export const CreateKeyBody = Type.Object(
  {
    name: DisplayName(100),
    role: Type.Optional(Role),
    environment: Type.Optional(Type.Union([Type.Literal("live"), Type.Literal("test")])),
    sites: Type.Optional(Type.Union([Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 100 }), Type.Null()])),
    actions: Type.Optional(Type.Union([Type.Array(KeyAction, { minItems: 1, maxItems: KeyActions.length, uniqueItems: true }), Type.Null()])),
    /** Unix seconds; must be in the future. */
    expiresAt: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type CreateKeyBody = Static<typeof CreateKeyBody>;

export const CreatedKey = Type.Object({
  key: KeyView,
  /** The whole key: shown in this response only, never stored. */
  secret: Type.String(),
});
export type CreatedKey = Static<typeof CreatedKey>;
