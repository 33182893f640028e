import { describe, expect, test } from "bun:test";
import { rewriteFollowUp } from "./query-rewrite.ts";

const turn = (question: string) => ({ question, answer: "Some answer about it [1]." });

describe("rewriteFollowUp", () => {
  describe("without history", () => {
    test("returns the question unchanged", () => {
      expect(rewriteFollowUp({ question: "Does it support SSO?", history: [] })).toBe("Does it support SSO?");
    });
  });

  describe("when the question reads as a follow-up", () => {
    const history = [turn("How do I install the agent on Linux?")];

    test("adds the previous question's key terms after a 'what about' opening", () => {
      expect(rewriteFollowUp({ question: "What about Windows?", history })).toBe("What about Windows? install agent linux");
    });

    test("adds them when a short question points back with a pronoun", () => {
      expect(rewriteFollowUp({ question: "Does it need root?", history })).toBe("Does it need root? install agent linux");
    });

    test("adds them to a question of one content word", () => {
      expect(rewriteFollowUp({ question: "requirements?", history })).toBe("requirements? install agent linux");
    });

    test("does not repeat a term the question already has, in any form", () => {
      expect(rewriteFollowUp({ question: "and installing it on macOS?", history })).toBe("and installing it on macOS? agent linux");
    });

    test("carries terms through a chain of follow-ups", () => {
      const chain = [turn("How do I install the agent on Linux?"), turn("What about Windows?")];
      expect(rewriteFollowUp({ question: "And is it free?", history: chain })).toBe("And is it free? windows install agent linux");
    });
  });

  describe("when the question stands alone", () => {
    test("returns a full new question unchanged even with history", () => {
      const history = [turn("How do I install the agent on Linux?")];
      expect(rewriteFollowUp({ question: "How much does the Enterprise plan cost per month?", history })).toBe(
        "How much does the Enterprise plan cost per month?",
      );
    });
  });
});
