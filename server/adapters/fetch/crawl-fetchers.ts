// What one crawl worker fetches with: plain HTTP for most sites, and headless Chromium for javascriptEnabled sites,
// launched by the first such page and closed with the worker.
import { Limits } from "../../../shared/limits.ts";
import type { FetchedPage, PageFetcher } from "../../ports/page-fetcher.ts";
import { ChromiumRenderer } from "./chromium-renderer.ts";
import { HttpFetcher } from "./http-fetcher.ts";

export interface CrawlFetcherSettings {
  userAgent: string;
  allowPrivateNetworks: boolean;
  trustedHosts: string[];
  timeoutMs: number;
  chromiumPath: string;
}

export interface CrawlFetchers {
  fetcherFor(config: { javascriptEnabled?: boolean }): PageFetcher;
  /** robots.txt and sitemaps, never rendered. */
  fetchText(url: string, signal?: AbortSignal): Promise<FetchedPage>;
  /** Closes the browser, when one was launched. */
  close(): Promise<void>;
}

export function createCrawlFetchers(settings: CrawlFetcherSettings): CrawlFetchers {
  const { chromiumPath, ...fetchOptions } = settings;
  const options = { ...fetchOptions, maxBytes: 1_000_000 };
  const http = new HttpFetcher({ ...options, maxBinaryBytes: Limits.pdfBytes });
  let renderer: ChromiumRenderer | null = null;
  return {
    fetcherFor: (config) => (config.javascriptEnabled ? (renderer ??= new ChromiumRenderer({ ...options, executablePath: chromiumPath })) : http),
    fetchText: (url, signal) => http.fetchText(url, signal),
    close: async () => {
      await renderer?.close();
      renderer = null;
    },
  };
}
