import { describe, expect, test } from "bun:test";
import { allowedEdits, editDistance } from "./edit-distance.ts";

describe("editDistance", () => {
  test("a swap of neighbours is one edit", () => expect(editDistance("virtaul", "virtual", 2)).toBe(1));
  test("insertions, deletions and substitutions count one each", () => {
    expect(editDistance("hosts", "host", 2)).toBe(1);
    expect(editDistance("hast", "host", 2)).toBe(1);
    expect(editDistance("configuraton", "configuration", 2)).toBe(1);
    expect(editDistance("kitten", "sitting", 5)).toBe(3);
  });
  test("stops at max + 1", () => expect(editDistance("abcdefgh", "zyxwvuts", 2)).toBe(3));
  test("identical words are 0 apart", () => expect(editDistance("proxy", "proxy", 1)).toBe(0));
});

describe("allowedEdits", () => {
  test("short words and numbers are never corrected", () => {
    expect(allowedEdits("ssl")).toBe(0);
    expect(allowedEdits("2024")).toBe(0);
    expect(allowedEdits("http2")).toBe(0);
  });
  test("one edit for 4-7 characters, two from 8", () => {
    expect(allowedEdits("host")).toBe(1);
    expect(allowedEdits("virtual")).toBe(1);
    expect(allowedEdits("services")).toBe(2);
  });
});
