import { describe, expect, test } from "bun:test";
import { fieldError } from "./field-errors.ts";

describe("fieldError", () => {
  test("puts the server's requirement under the field's label", () => {
    expect(fieldError("Invalid body: name: must not be empty or only spaces.", { name: "Name" })).toEqual({
      field: "name",
      text: "Name must not be empty or only spaces.",
    });
  });

  test("names a nested field by its own label when the form has one", () => {
    expect(fieldError("Invalid body: crawlerConfig.maxPages: must be at least 1.", { maxPages: "Most pages per crawl" })).toEqual({
      field: "maxPages",
      text: "Most pages per crawl must be at least 1.",
    });
  });

  test("finds no field in an error that names none", () => {
    expect(fieldError("Site not found.", {})).toBeNull();
  });
});
