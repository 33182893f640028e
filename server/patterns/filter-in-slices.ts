// Runs a function over a long list without holding the event loop: it yields to other requests every few
// milliseconds, so one tenant's bulk matching (delete by pattern over every URL of a site, URL boosts over a
// search's candidates) never delays another's requests.
import { setImmediate } from "node:timers";

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function mapInSlices<T, R>(items: readonly T[], map: (item: T) => R, sliceMs = 5): Promise<R[]> {
  const out: R[] = [];
  let sliceStart = performance.now();
  for (let i = 0; i < items.length; i++) {
    out.push(map(items[i]!));
    if (performance.now() - sliceStart > sliceMs) {
      await yieldToOthers();
      sliceStart = performance.now();
    }
  }
  return out;
}

export async function filterInSlices<T>(items: readonly T[], keep: (item: T) => boolean, sliceMs = 5): Promise<T[]> {
  const kept = await mapInSlices(items, keep, sliceMs);
  return items.filter((_, i) => kept[i]);
}
