import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestContext, type TestContext } from "../../../tests/fixtures/test-app.ts";
import { ChatStore } from "./chat-store.ts";
import { newId } from "../../new-id.ts";

let ctx: TestContext;
let store: ChatStore;
beforeAll(async () => {
  ctx = await createTestContext();
  store = new ChatStore(ctx.db);
}, 60_000);
afterAll(() => ctx.close());

async function newSite(): Promise<string> {
  const { orgId } = await ctx.createOrg("pro");
  return (await ctx.parts.sites.sites.create(orgId, { name: "Docs", baseUrl: "https://docs.example.com" })).siteId;
}

const now = 1_800_000_000;
const turn = (n: number) => ({ question: `question ${n}`, answer: `answer ${n}` });

describe("ChatStore", () => {
  describe("sessions", () => {
    test("a session appears with its first turn and keeps later turns in order", async () => {
      const siteId = await newSite();
      const sessionId = newId("chat");
      expect(await store.sessionTurns(siteId, sessionId, now)).toBeNull();
      await store.appendTurn({ siteId, sessionId, turn: turn(1), now, ttlSeconds: 60 });
      await store.appendTurn({ siteId, sessionId, turn: turn(2), now: now + 30, ttlSeconds: 60 });
      expect(await store.sessionTurns(siteId, sessionId, now + 31)).toEqual([turn(1), turn(2)]);
    });

    test("each turn renews the expiry, and past it the session reads as unknown", async () => {
      const siteId = await newSite();
      const sessionId = newId("chat");
      await store.appendTurn({ siteId, sessionId, turn: turn(1), now, ttlSeconds: 60 });
      await store.appendTurn({ siteId, sessionId, turn: turn(2), now: now + 50, ttlSeconds: 60 });
      expect(await store.sessionTurns(siteId, sessionId, now + 100)).toHaveLength(2);
      expect(await store.sessionTurns(siteId, sessionId, now + 111)).toBeNull();
    });

    test("another site's session reads as unknown and cannot be appended to", async () => {
      const [siteA, siteB] = [await newSite(), await newSite()];
      const sessionId = newId("chat");
      await store.appendTurn({ siteId: siteA, sessionId, turn: turn(1), now, ttlSeconds: 60 });
      expect(await store.sessionTurns(siteB, sessionId, now)).toBeNull();
      await store.appendTurn({ siteId: siteB, sessionId, turn: turn(2), now, ttlSeconds: 60 });
      expect(await store.sessionTurns(siteA, sessionId, now)).toEqual([turn(1)]);
    });

    test("only the newest 20 turns are kept", async () => {
      const siteId = await newSite();
      const sessionId = newId("chat");
      for (let i = 1; i <= 23; i++) await store.appendTurn({ siteId, sessionId, turn: turn(i), now, ttlSeconds: 60 });
      const turns = await store.sessionTurns(siteId, sessionId, now);
      expect(turns).toHaveLength(20);
      expect(turns![0]).toEqual(turn(4));
      expect(turns!.at(-1)).toEqual(turn(23));
    });

    test("pruning deletes expired sessions and keeps live ones", async () => {
      const siteId = await newSite();
      const [old, live] = [newId("chat"), newId("chat")];
      const later = now + 10_000_000;
      await store.appendTurn({ siteId, sessionId: old, turn: turn(1), now: later, ttlSeconds: 60 });
      await store.appendTurn({ siteId, sessionId: live, turn: turn(1), now: later + 100, ttlSeconds: 60 });
      expect(await store.pruneExpiredSessions(later + 61)).toBeGreaterThanOrEqual(1);
      expect(await store.sessionTurns(siteId, live, later + 101)).toHaveLength(1);
      await store.appendTurn({ siteId, sessionId: old, turn: turn(2), now: later + 101, ttlSeconds: 60 });
      expect(await store.sessionTurns(siteId, old, later + 101)).toEqual([turn(2)]);
    });
  });
});
