import { describe, expect, test } from "bun:test";
import { ProtoMessage } from "./protobuf-writer.ts";

const hex = (m: ProtoMessage) => Buffer.from(m.encode()).toString("hex");

describe("protobuf writer", () => {
  test("encodes varints as protobuf's own examples do", () => {
    expect(hex(new ProtoMessage().int(1, 150))).toBe("089601");
    expect(hex(new ProtoMessage().int(1, 0))).toBe("0800");
  });

  test("a negative int64 takes ten bytes (two's complement)", () => {
    expect(hex(new ProtoMessage().int(1, -1))).toBe("08ffffffffffffffffff01");
  });

  test("strings, nested messages and floats are length-prefixed or fixed32", () => {
    expect(hex(new ProtoMessage().string(2, "testing"))).toBe("120774657374696e67");
    expect(hex(new ProtoMessage().message(3, new ProtoMessage().int(1, 150)))).toBe("1a03089601");
    expect(hex(new ProtoMessage().float(2, 1))).toBe("150000803f");
  });
});
