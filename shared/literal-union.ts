// A TypeBox union of string literals from a const list, typed as a tuple: Elysia infers a union built from a mapped
// array (TLiteral<"a" | "b">[]) as never, which would hide every handler's return type behind a mismatch.
import { Type, type TLiteral, type TUnion } from "@sinclair/typebox";

type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };

export function literalUnion<const T extends readonly string[]>(values: T): TUnion<Literals<T>> {
  return Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnion<Literals<T>>;
}
