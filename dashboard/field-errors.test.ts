import { describe, expect, test } from "bun:test";
import { fieldError, labelledError } from "./field-errors.ts";

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

describe("labelledError", () => {
  test("names a list's item by its line under the field's label", () => {
    expect(labelledError("Invalid body: crawlerConfig.excludePatterns[2]: must not be empty.", "Exclude patterns")).toBe(
      "Exclude patterns (line 3) must not be empty.",
    );
    expect(labelledError("Invalid body: crawlerConfig.maxPages: must be at least 1.", "Most pages")).toBe("Most pages must be at least 1.");
  });

  test("leaves a sentence that names no field as it is", () => {
    expect(labelledError("Site not found.", "Name")).toBe("Site not found.");
  });
});
