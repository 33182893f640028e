// Politeness per host: at most N requests at once and a minimum gap between request starts, widened to the
// site's robots.txt Crawl-delay (capped, so a hostile "Crawl-delay: 86400" cannot stall a crawl for days).

export interface HostThrottleOptions {
  /** Requests in flight per host. */
  concurrency?: number;
  /** Minimum gap between request starts on one host when robots.txt says nothing. */
  minIntervalMs?: number;
  /** Largest Crawl-delay honoured; longer delays are cut to this. */
  maxDelayMs?: number;
}

interface Waiter {
  resolve: (release: () => void) => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

interface HostState {
  active: number;
  nextStartAt: number;
  intervalMs: number;
  queue: Waiter[];
  timer: ReturnType<typeof setTimeout> | null;
}

export class HostThrottle {
  private readonly hosts = new Map<string, HostState>();
  private readonly concurrency: number;
  private readonly minIntervalMs: number;
  private readonly maxDelayMs: number;

  constructor(options: HostThrottleOptions = {}) {
    this.concurrency = options.concurrency ?? 2;
    this.minIntervalMs = options.minIntervalMs ?? 200;
    this.maxDelayMs = options.maxDelayMs ?? 10_000;
  }

  /** Applies robots.txt Crawl-delay to a host (URL.host: name plus any port). A delay also means one request at a time, as the directive intends. */
  setCrawlDelay(host: string, seconds: number | null): void {
    const state = this.state(host);
    state.intervalMs = seconds === null ? this.minIntervalMs : Math.max(this.minIntervalMs, Math.min(seconds * 1000, this.maxDelayMs));
  }

  /** Waits for a turn on the URL's host; call the returned release once the response is read. Abort rejects with the reason. */
  acquire(url: string, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const host = new URL(url).host;
    const state = this.state(host);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          state.queue.splice(state.queue.indexOf(waiter), 1);
          reject(signal.reason);
          this.pump(state);
        };
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      state.queue.push(waiter);
      this.pump(state);
    });
  }

  /** Runs `task` in a turn on the URL's host. */
  async run<T>(url: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(url, signal);
    try {
      return await task();
    } finally {
      release();
    }
  }

  private state(host: string): HostState {
    let state = this.hosts.get(host);
    if (!state) {
      state = { active: 0, nextStartAt: 0, intervalMs: this.minIntervalMs, queue: [], timer: null };
      this.hosts.set(host, state);
    }
    return state;
  }

  private pump(state: HostState): void {
    const limit = state.intervalMs > this.minIntervalMs ? 1 : this.concurrency;
    while (state.queue.length > 0 && state.active < limit && state.timer === null) {
      const wait = state.nextStartAt - Date.now();
      if (wait > 0) {
        state.timer = setTimeout(() => {
          state.timer = null;
          this.pump(state);
        }, wait);
        return;
      }
      const waiter = state.queue.shift()!;
      if (waiter.onAbort) waiter.signal?.removeEventListener("abort", waiter.onAbort);
      state.active++;
      state.nextStartAt = Date.now() + state.intervalMs;
      let released = false;
      waiter.resolve(() => {
        if (released) return;
        released = true;
        state.active--;
        this.pump(state);
      });
    }
  }
}
