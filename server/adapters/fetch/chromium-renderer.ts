// Page fetcher for single-page apps: runs the page's scripts in headless Chromium and returns the DOM they built.
// Every request the page makes is proxied through the guarded fetch (address checked, then pinned), so scripts
// cannot reach private addresses, not even through a rebinding DNS name.
import { Buffer } from "node:buffer";
import { chromium, type Browser, type Route } from "playwright-core";
import { FetchFailure, type FetchedPage, type FetchPageInput, type PageFetcher } from "../../ports/page-fetcher.ts";
import type { AddressGuardOptions } from "./address-guard.ts";
import { guardedFetch } from "./guarded-fetch.ts";
import { HttpFetcher, type HttpFetcherOptions } from "./http-fetcher.ts";
import { readLimited } from "./read-limited.ts";

export interface ChromiumRendererOptions extends HttpFetcherOptions {
  /** The browser to start: CHROMIUM_PATH, read with every other setting by loadConfig (config.crawl.chromiumPath). */
  executablePath: string;
  /** Bytes all of one page's subresources (scripts, API calls) may add up to; default 10 × maxBytes. */
  maxSubresourceBytes?: number;
  /** Longest wait for the network to go quiet after load; pages that poll forever are read when it runs out. */
  networkIdleMs?: number;
}

/**
 * WebRTC's UDP and DNS prefetching leave the browser without passing route(), so they are turned off: a page's
 * script could otherwise reach (or probe) private addresses that the guarded fetch would refuse.
 */
export const LAUNCH_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
  "--dns-prefetch-disable",
];
/** Text never depends on these, and they are most of a page's bytes. Event streams would keep the network busy forever. */
const SKIPPED_TYPES = new Set(["image", "media", "font", "manifest", "texttrack", "eventsource", "ping"]);
/** Headers describing the wire encoding of the proxied body, which fetch() has already undone. */
const HOP_HEADERS = new Set(["content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive", "set-cookie"]);
const RENDERED_TYPES = ["text/html", "application/xhtml+xml"];

export class ChromiumRenderer implements PageFetcher {
  private readonly http: HttpFetcher;
  private readonly guard: AddressGuardOptions;
  private readonly executablePath: string;
  private readonly maxSubresourceBytes: number;
  private readonly networkIdleMs: number;
  private browser: Promise<Browser> | null = null;

  constructor(options: ChromiumRendererOptions) {
    this.http = new HttpFetcher(options);
    this.guard = { allowPrivateNetworks: options.allowPrivateNetworks, trustedHosts: options.trustedHosts };
    this.executablePath = options.executablePath;
    this.maxSubresourceBytes = options.maxSubresourceBytes ?? this.http.maxBytes * 10;
    this.networkIdleMs = options.networkIdleMs ?? 5000;
  }

  /**
   * The document itself is fetched by HttpFetcher (guard, redirects, allowRedirect, limits) and handed to the
   * browser at its final address, so relative links resolve as the site intends. Error pages and non-HTML
   * documents come back unrendered.
   */
  async fetch(input: FetchPageInput): Promise<FetchedPage> {
    const started = performance.now();
    const document = await this.http.fetch(input);
    const type = document.contentType.split(";", 1)[0]!.trim().toLowerCase();
    if (document.status < 200 || document.status >= 300 || !RENDERED_TYPES.includes(type)) return document;
    const remainingMs = Math.max(1000, this.http.timeoutMs - (performance.now() - started));
    const body = await this.render(document, remainingMs, input.signal);
    return { ...document, body, ms: Math.round(performance.now() - started) };
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close();
  }

  private launch(): Promise<Browser> {
    if (!this.browser) {
      const launching = chromium.launch({ executablePath: this.executablePath, args: LAUNCH_ARGS });
      this.browser = launching;
      // A crashed browser is relaunched on the next page instead of failing every page after it.
      launching.then((browser) => browser.on("disconnected", () => this.browser === launching && (this.browser = null))).catch(() => (this.browser = null));
    }
    return this.browser;
  }

  private async render(document: FetchedPage, timeoutMs: number, signal?: AbortSignal): Promise<string> {
    const browser = await this.launch();
    const context = await browser.newContext({ userAgent: this.http.userAgent, serviceWorkers: "block", acceptDownloads: false });
    const deadline = AbortSignal.timeout(timeoutMs);
    const stop = signal ? AbortSignal.any([signal, deadline]) : deadline;
    const closeContext = () => void context.close().catch(() => {});
    stop.addEventListener("abort", closeContext, { once: true });
    let documentServed = false;
    let subresourceBytes = 0;
    try {
      // WebSockets bypass route(); closing them unanswered keeps scripts from reaching private addresses that way.
      await context.routeWebSocket(/.*/, (socket) => socket.close());
      await context.route("**/*", async (route: Route) => {
        const request = route.request();
        if (!documentServed && request.isNavigationRequest() && request.url() === document.url) {
          documentServed = true;
          return route.fulfill({ status: document.status, contentType: document.contentType, body: document.body });
        }
        if (SKIPPED_TYPES.has(request.resourceType())) return route.abort("blockedbyclient");
        try {
          const postData = request.postDataBuffer();
          const { response, url } = await guardedFetch({
            url: request.url(),
            method: request.method(),
            headers: Object.fromEntries(Object.entries(await request.allHeaders()).filter(([name]) => !name.startsWith(":") && name !== "host")),
            body: postData ? new Uint8Array(postData) : null,
            guard: this.guard,
            maxRedirects: this.http.maxRedirects,
            signal: stop,
          });
          const bytes = await readLimited(response, url, this.maxSubresourceBytes - subresourceBytes);
          subresourceBytes += bytes.byteLength;
          const headers: Record<string, string> = {};
          response.headers.forEach((value, name) => {
            if (!HOP_HEADERS.has(name)) headers[name] = value;
          });
          await route.fulfill({ status: response.status, headers, body: Buffer.from(bytes) });
        } catch {
          await route.abort(stop.aborted ? "timedout" : "blockedbyclient").catch(() => {});
        }
      });
      const page = await context.newPage();
      await page.goto(document.url, { waitUntil: "load", timeout: timeoutMs });
      // Single-page apps keep fetching after load; wait for quiet, but take what is there when time runs out.
      await page.waitForLoadState("networkidle", { timeout: Math.max(1, Math.min(this.networkIdleMs, timeoutMs - 500)) }).catch(() => {});
      stop.throwIfAborted();
      const html = await page.content();
      if (Buffer.byteLength(html) > this.http.maxBytes)
        throw new FetchFailure("too-large", document.url, `${document.url} renders to more than ${this.http.maxBytes} bytes`);
      return html;
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (deadline.aborted) throw new FetchFailure("timeout", document.url, `${document.url} took longer than ${timeoutMs} ms to render`);
      if (error instanceof FetchFailure) throw error;
      throw new FetchFailure("network", document.url, `Rendering ${document.url} failed: ${(error as Error).message}`);
    } finally {
      stop.removeEventListener("abort", closeContext);
      closeContext();
    }
  }
}
