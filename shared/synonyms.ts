// Per-site synonyms, set with PUT /api/sites/{id} `{synonyms: [...]}` and applied to the keyword side of search.
import { Type, type Static } from "@sinclair/typebox";
import { Limits } from "./limits.ts";

export const Synonym = Type.Object(
  {
    terms: Type.Array(Type.String({ minLength: 1, maxLength: Limits.synonymTermMaxChars }), {
      minItems: 2,
      maxItems: Limits.synonymTermsPerSet,
      description: "Words or short phrases that mean the same on this site.",
    }),
    oneWay: Type.Optional(Type.Boolean({ description: 'When true, only the first term expands to the others ("laptop" finds "notebook", not back).' })),
  },
  { additionalProperties: false },
);
export type Synonym = Static<typeof Synonym>;

export const Synonyms = Type.Array(Synonym, { maxItems: Limits.synonymSetsPerSite });
export type Synonyms = Static<typeof Synonyms>;
