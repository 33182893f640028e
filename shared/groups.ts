// Search groups: federated search across sites of one organisation.
import { Type, type Static } from "@sinclair/typebox";
import { Limits } from "./limits.ts";
import { DisplayName } from "./display-name.ts";

export const CreateGroupBody = Type.Object(
  {
    name: DisplayName(200),
    description: Type.Optional(Type.String({ maxLength: Limits.descriptionMaxChars })),
    siteIds: Type.Array(Type.String({ minLength: 1 }), { minItems: 1, maxItems: 100, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type CreateGroupBody = Static<typeof CreateGroupBody>;
export const UpdateGroupBody = Type.Partial(CreateGroupBody, { additionalProperties: false });
export type UpdateGroupBody = Static<typeof UpdateGroupBody>;

export const Group = Type.Object({
  groupId: Type.String(),
  name: Type.String(),
  description: Type.String(),
  siteIds: Type.Array(Type.String()),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type Group = Static<typeof Group>;
export const GroupList = Type.Object({ groups: Type.Array(Group) });
export type GroupList = Static<typeof GroupList>;
