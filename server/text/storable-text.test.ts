import { describe, expect, test } from "bun:test";
import { isStorableText, toStorableText } from "./storable-text.ts";

describe("storable text", () => {
  test("NULs and unpaired surrogates are not storable; pairs and ordinary text are", () => {
    for (const bad of ["a\u0000", "\ud800", "x\udc00y", "\ud800\ud800\udc00"]) expect(isStorableText(bad)).toBe(false);
    for (const good of ["", "plain", "😀", "é\u202e"]) expect(isStorableText(good)).toBe(true);
  });

  test("made storable: NULs dropped, unpaired surrogates replaced, pairs kept", () => {
    expect(toStorableText("a\u0000b\ud800c😀\udfff")).toBe("ab\ufffdc😀\ufffd");
    expect(isStorableText(toStorableText("\ud83d\u0000\ude00"))).toBe(true);
  });
});
