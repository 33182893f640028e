// A name a person gives something (site, group, key, organisation): surrounding spaces are trimmed where it is
// stored, so a name of spaces only would be stored empty; the schema refuses it with the reason.
import { Type } from "@sinclair/typebox";

export const DisplayName = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: "\\S", errorMessage: "must not be empty or only spaces" });
