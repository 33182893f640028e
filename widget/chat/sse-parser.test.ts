import { describe, expect, test } from "bun:test";
import { SseParser } from "./sse-parser.ts";

describe("SseParser", () => {
  test("parses named events with JSON data", () => {
    const events = new SseParser().push('event: answer-delta\ndata: {"text":"Hi"}\n\n');
    expect(events).toEqual([{ event: "answer-delta", data: '{"text":"Hi"}', id: undefined }]);
  });

  test("joins events split across chunks, even inside a CRLF", () => {
    const parser = new SseParser();
    expect(parser.push("event: sources\r")).toEqual([]);
    expect(parser.push("\ndata: {}\r\n")).toEqual([]);
    expect(parser.push("\r\n")).toEqual([{ event: "sources", data: "{}", id: undefined }]);
  });

  test("joins multi-line data and ignores comments", () => {
    const events = new SseParser().push(": keep-alive\ndata: a\ndata: b\n\n");
    expect(events).toEqual([{ event: "message", data: "a\nb", id: undefined }]);
  });

  test("drops an event without its final blank line at end of stream", () => {
    const parser = new SseParser();
    expect(parser.push("event: x\ndata: 1\n")).toEqual([]);
    parser.end();
    expect(parser.push("\n")).toEqual([]);
  });
});
