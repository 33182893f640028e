// Runs a predicate over a long list without holding the event loop: it yields to other requests every few
// milliseconds, so one tenant's bulk match (deleting by pattern over every URL of a site) never delays another's.
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function filterInSlices<T>(items: readonly T[], keep: (item: T) => boolean, sliceMs = 5): Promise<T[]> {
  const kept: T[] = [];
  let sliceStart = performance.now();
  for (let i = 0; i < items.length; i++) {
    if (keep(items[i]!)) kept.push(items[i]!);
    // Checking the clock every 64 items keeps its cost out of the loop.
    if ((i & 63) === 63 && performance.now() - sliceStart > sliceMs) {
      await yieldToOthers();
      sliceStart = performance.now();
    }
  }
  return kept;
}
