// The Model Context Protocol server for coding assistants: `search` and `ask` over one public site, or over an
// organisation's sites (plus `list_sites`) for an API key. Stateless: a server per HTTP request, JSON answers.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { z } from "zod";
import type { SearchResponse } from "../../shared/search.ts";
import type { ChatResponse } from "../../shared/chat.ts";
import { Limits } from "../../shared/limits.ts";
import { DomainError } from "../errors/domain-error.ts";

export interface McpHandlers {
  search(args: { query: string; limit?: number; minScore?: number; siteId?: string }): Promise<SearchResponse>;
  ask(args: { question: string; siteId?: string }): Promise<ChatResponse>;
  /** Present for the organisation endpoint only. */
  listSites?(): Promise<Array<{ siteId: string; name: string; baseUrl: string }>>;
}

type ToolResult = { content: Array<{ type: "text"; text: string }>; structuredContent?: Record<string, unknown>; isError?: boolean };

/** A refused or failed call is a tool error the assistant can read, not a protocol failure. */
async function toolResult(run: () => Promise<{ text: string; data: Record<string, unknown> }>): Promise<ToolResult> {
  try {
    const { text, data } = await run();
    return { content: [{ type: "text", text }], structuredContent: data };
  } catch (error) {
    const message = error instanceof DomainError ? error.message : "The tool failed; try again later.";
    return { content: [{ type: "text", text: message }], isError: true };
  }
}

function searchText(found: SearchResponse): string {
  if (found.results.length === 0) return `No results for "${found.query}".`;
  return found.results
    .map((r, i) => {
      const section = r.sections[0]?.url && r.sections[0].url !== r.url ? `\n   section: ${r.sections[0].url}` : "";
      return `${i + 1}. ${r.title}\n   ${r.url}${section}\n   ${r.snippet}`;
    })
    .join("\n\n");
}

function answerText(answer: ChatResponse): string {
  const sources = answer.sources.map((s, i) => `[${i + 1}] ${s.title} — ${s.url}`).join("\n");
  return sources ? `${answer.answer}\n\nSources:\n${sources}` : answer.answer;
}

export function buildMcpServer(name: string, handlers: McpHandlers): McpServer {
  const server = new McpServer({ name, version: "1.0.0" });
  const orgWide = Boolean(handlers.listSites);
  const siteIdField = z.string().min(1).max(100).describe("Site to use (see list_sites)");
  const askShape: Record<string, z.ZodTypeAny> = { question: z.string().min(1).max(Limits.chatQuestionMaxChars).describe("The question") };
  if (orgWide) askShape.siteId = siteIdField;
  const searchShape: Record<string, z.ZodTypeAny> = {
    query: z.string().min(1).max(Limits.queryMaxChars).describe("What to look for"),
    limit: z.number().int().min(1).max(Limits.searchLimitMax).optional().describe(`Results to return (default ${Limits.searchLimitDefault})`),
    minScore: z.number().min(0).max(1).optional().describe(`Least relevance score, 0-1 (default ${Limits.minScoreDefault})`),
  };
  if (orgWide) searchShape.siteId = siteIdField.optional();
  server.registerTool(
    "search",
    {
      description: orgWide
        ? "Search one of the organisation's sites, or all of them when siteId is left out."
        : `Search ${name}: pages and sections ranked by relevance, with snippets and links.`,
      inputSchema: searchShape,
    },
    (args: unknown) =>
      toolResult(async () => {
        const found = await handlers.search(args as { query: string; limit?: number; minScore?: number; siteId?: string });
        return { text: searchText(found), data: found as unknown as Record<string, unknown> };
      }),
  );
  server.registerTool(
    "ask",
    {
      description: orgWide
        ? "Ask a question answered from one site's pages, with cited sources."
        : `Ask a question answered from ${name}'s pages, with cited sources.`,
      inputSchema: askShape,
    },
    (args: unknown) =>
      toolResult(async () => {
        const answer = await handlers.ask(args as { question: string; siteId?: string });
        return { text: answerText(answer), data: answer as unknown as Record<string, unknown> };
      }),
  );
  if (handlers.listSites) {
    const listSites = handlers.listSites;
    server.registerTool("list_sites", { description: "The organisation's sites: id, name and address." }, () =>
      toolResult(async () => {
        const sites = await listSites();
        return { text: sites.map((s) => `${s.siteId}  ${s.name}  ${s.baseUrl}`).join("\n") || "No sites.", data: { sites } };
      }),
    );
  }
  return server;
}

/** Answers one Streamable HTTP request (stateless: no session id, JSON rather than an event stream). */
export async function handleMcpRequest(server: McpServer, request: Request, parsedBody: unknown): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody });
  } finally {
    void server.close().catch(() => {});
  }
}
