// Site events within one process: each API or worker process keeps its own caches, so its own subscribers are the
// ones to tell.
import type { SiteEvent, SiteEvents } from "../../ports/site-events.ts";

export class SiteEventBus implements SiteEvents {
  private readonly listeners = new Set<(event: SiteEvent) => void>();

  publish(event: SiteEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  subscribe(listener: (event: SiteEvent) => void): () => void {
    // A wrapper per subscription, so subscribing one function twice means two deliveries and two unsubscribes.
    const entry = (event: SiteEvent) => listener(event);
    this.listeners.add(entry);
    return () => this.listeners.delete(entry);
  }
}
