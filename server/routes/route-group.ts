// Every route file starts from this: a prefixed Elysia instance that rejects unknown fields
// (Elysia's default "normalize" would silently drop them; clients deserve a 400 that names the typo).
import { Elysia } from "elysia";

export function routeGroup(prefix: string, tag: string) {
  return new Elysia({ prefix, tags: [tag], normalize: false });
}
