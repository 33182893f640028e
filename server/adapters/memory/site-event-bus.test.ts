import { describe, expect, test } from "bun:test";
import type { SiteEvent } from "../../ports/site-events.ts";
import { SiteEventBus } from "./site-event-bus.ts";

describe("site event bus", () => {
  test("tells every subscriber in the order they subscribed", () => {
    const bus = new SiteEventBus();
    const heard: string[] = [];
    bus.subscribe((e) => heard.push(`first ${e.kind} ${e.siteId}`));
    bus.subscribe((e) => heard.push(`second ${e.kind} ${e.siteId}`));
    bus.publish({ kind: "content-changed", siteId: "site_a" });
    expect(heard).toEqual(["first content-changed site_a", "second content-changed site_a"]);
  });

  test("an unsubscribed listener hears nothing more, and the others still do", () => {
    const bus = new SiteEventBus();
    const heard: SiteEvent[] = [];
    const listener = (e: SiteEvent) => heard.push(e);
    const stop = bus.subscribe(listener);
    bus.subscribe(listener);
    stop();
    bus.publish({ kind: "deleted", siteId: "site_b" });
    expect(heard).toEqual([{ kind: "deleted", siteId: "site_b" }]);
  });
});
