// How fast the visitor types, and so how long to wait before searching: a fast typist's keys are coalesced into one
// request per short pause (with results refreshed at most every maxWait while they keep typing), a slow one's sooner.

/** A gap longer than this is a pause, not a typing rhythm: it does not count towards the pace. */
const PAUSE_GAP_MS = 1500;
/** The pace assumed before two keystrokes have been seen: a brisk typist (about 7 keys a second). */
const FIRST_INTERVAL_MS = 150;

export class TypingPace {
  #last = Number.NEGATIVE_INFINITY;
  #interval = FIRST_INTERVAL_MS;

  constructor(private readonly now: () => number = () => performance.now()) {}

  keystroke(): void {
    const at = this.now();
    const gap = at - this.#last;
    this.#last = at;
    // A moving average, so one hesitation does not undo the rhythm of the keys before it.
    if (gap < PAUSE_GAP_MS) this.#interval = 0.7 * this.#interval + 0.3 * gap;
  }

  /** Milliseconds between keys lately. */
  get interval(): number {
    return this.#interval;
  }

  /** Quiet time after a key before the instant search: half again the usual gap, so a typist's next key usually beats it. */
  debounceMs(): number {
    return clamp(1.5 * this.#interval, 40, 250);
  }

  /** Longest a steady typist waits for fresher results: at 8 keys a second, one request per three keys. */
  maxWaitMs(): number {
    return clamp(3 * this.#interval, 200, 600);
  }

  /** Quiet time after which the visitor has paused (or finished), and the full ranking replaces the instant one. */
  pauseMs(): number {
    return clamp(4 * this.#interval, 400, 1000);
  }
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
