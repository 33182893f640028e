import { describe, expect, test } from "bun:test";
import { extractiveAnswer, notFoundText, type ExtractivePassage } from "./extractive-answer.ts";
import { extractCitations } from "./citations.ts";

const passages = (): ExtractivePassage[] => [
  {
    n: 1,
    url: "https://docs.example.com/install",
    title: "Installing",
    score: 0.9,
    text:
      "Welcome to the guide. To install the agent on Linux, download the package and run the installer script. " +
      "Installing on Windows uses the MSI installer instead. The installer needs administrator rights on both systems.",
  },
  {
    n: 2,
    url: "https://docs.example.com/pricing",
    title: "Pricing",
    score: 0.5,
    text: "The Pro plan costs 20 dollars a month. The Enterprise plan includes single sign-on and search groups.",
  },
  {
    n: 3,
    url: "https://docs.example.com/linux",
    title: "Linux notes",
    score: 0.7,
    text: "On Linux the installer script requires curl and a 64-bit kernel. Older distributions are not supported.",
  },
];

describe("extractiveAnswer", () => {
  test("quotes a sentence that opens with a connective to the one before it without the connective", () => {
    const answer = extractiveAnswer({
      question: "How do I serve two sites from one server?",
      passages: [
        {
          n: 1,
          url: "https://docs.example.com/vhosts",
          title: "Virtual hosts",
          score: 0.9,
          text: "Each request names the host it wants. Thus, you can serve several sites from one server with virtual hosts.",
        },
      ],
    });
    expect(answer.text).toStartWith("You can serve several sites from one server with virtual hosts.");
  });

  describe("when the passages answer the question", () => {
    const answer = extractiveAnswer({ question: "How do I install the agent on Linux?", passages: passages() });

    test("answers with a lead sentence from the best passage, cited", () => {
      expect(answer.answered).toBe(true);
      expect(answer.text.split("\n")[0]).toBe("To install the agent on Linux, download the package and run the installer script. [1]");
    });

    test("adds key sentences from other matching passages as a list, each cited", () => {
      expect(answer.text).toContain("- On Linux the installer script requires curl and a 64-bit kernel. [3]");
      for (const line of answer.text.split("\n").filter(Boolean)) expect(line).toMatch(/\[\d\]$/);
    });

    test("reports the cited sources in first-use order and never cites an unrelated one", () => {
      expect(answer.used[0]).toBe(1);
      expect(answer.used).toContain(3);
      expect(answer.used).not.toContain(2);
      expect(extractCitations(answer.text, 3)).toEqual(answer.used);
    });

    test("gives the same text every time", () => {
      expect(extractiveAnswer({ question: "How do I install the agent on Linux?", passages: passages() })).toEqual(answer);
    });
  });

  describe("with maxSentences", () => {
    test("stops at that many sentences", () => {
      const one = extractiveAnswer({ question: "install agent linux", passages: passages(), maxSentences: 1 });
      expect(one.text.split("\n")).toHaveLength(1);
      expect(one.used).toEqual([1]);
    });
  });

  describe("with the same sentence in two passages", () => {
    test("uses it once", () => {
      const twice = [
        { n: 1, url: "a", title: "A", score: 0.9, text: "Search groups are available on the Enterprise plan only." },
        { n: 2, url: "b", title: "B", score: 0.8, text: "Search groups are available on the Enterprise plan only." },
      ];
      const answer = extractiveAnswer({ question: "Which plan has search groups?", passages: twice });
      expect(answer.text).toBe("Search groups are available on the Enterprise plan only. [1]");
      expect(answer.used).toEqual([1]);
    });
  });

  describe("with page text that looks like markdown or citations", () => {
    test("quotes it literally", () => {
      const tricky = [{ n: 1, url: "a", title: "A", score: 1, text: "The *billing* page [7] lists every <invoice> for the account owner." }];
      const answer = extractiveAnswer({ question: "Where are invoices for billing listed?", passages: tricky });
      expect(answer.text).toBe("The \\*billing\\* page lists every \\<invoice\\> for the account owner. [1]");
    });
  });

  describe("with a directive summary and prose about the same words", () => {
    const vhosts: ExtractivePassage[] = [
      {
        n: 1,
        url: "https://docs.example.com/mod_ssl",
        title: "mod_ssl",
        score: 0.9,
        text: "Description: Whether to allow non-SNI clients to access a name-based virtual host · Syntax: SSLStrictSNIVHostCheck on|off · Default: SSLStrictSNIVHostCheck off · Context: server config, virtual host",
      },
      {
        n: 2,
        url: "https://docs.example.com/vhosts",
        title: "Virtual hosts",
        score: 0.6,
        text: "Each virtual host serves its own content. Name-based virtual hosts need one VirtualHost block with a ServerName for each host name.",
      },
    ];
    const answer = extractiveAnswer({ question: "How do I set up name-based virtual hosts?", passages: vhosts });

    test("leads with the sentence that answers it", () => {
      expect(answer.text.startsWith("Name-based virtual hosts need one VirtualHost block")).toBe(true);
    });

    test("never shows an escaped pipe", () => {
      const quoted = extractiveAnswer({ question: "What does SSLStrictSNIVHostCheck on|off default to?", passages: vhosts });
      expect(quoted.text).toContain("on|off");
      expect(quoted.text).not.toContain("\\|");
    });
  });

  describe("with a passage that starts inside a sentence", () => {
    // A chunk cut inside a long paragraph, as chat-passages.ts joins them: "Heading:\n" then the chunk's text.
    const cut: ExtractivePassage[] = [
      {
        n: 1,
        url: "https://docs.example.com/vhosts/name-based",
        title: "Name-based virtual hosts",
        score: 0.9,
        text:
          "and each name-based virtual host then needs its own ServerName so Apache can match the Host header. " +
          "To set up name-based virtual hosts, add one VirtualHost block for each host name with a ServerName and a DocumentRoot. " +
          "It must list the port the server listens on, e.g. <VirtualHost *:80>.\n\nListen directive:\n" +
          "for name-based virtual hosts the Listen directive is shared by every host.",
      },
    ];
    const answer = extractiveAnswer({ question: "How do I set up name-based virtual hosts?", passages: cut });

    test("never quotes the cut-off start of a sentence", () => {
      expect(answer.text).not.toContain("and each name-based");
      expect(answer.text).not.toContain("for name-based virtual hosts the Listen");
      for (const line of answer.text.split("\n").filter(Boolean)) expect(line.replace(/^- /, "")).toMatch(/^[\p{Lu}\p{N}]/u);
    });

    test("leads with the passage that answers it, carried on by the sentence that refers back to it", () => {
      expect(answer.text.split("\n")[0]).toBe(
        "To set up name-based virtual hosts, add one VirtualHost block for each host name with a ServerName and a DocumentRoot. " +
          "It must list the port the server listens on, e.g. \\<VirtualHost \\*:80\\>. [1]",
      );
    });
  });

  describe("when nothing in the passages matches the question", () => {
    test("declines politely without citations", () => {
      const answer = extractiveAnswer({ question: "What is the capital of France?", passages: passages() });
      expect(answer).toEqual({ text: notFoundText, used: [], answered: false });
    });

    test("declines a question made only of stop words", () => {
      expect(extractiveAnswer({ question: "what is it?", passages: passages() }).answered).toBe(false);
    });

    test("declines when there are no passages", () => {
      expect(extractiveAnswer({ question: "install on linux", passages: [] }).answered).toBe(false);
    });
  });
});
