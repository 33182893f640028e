// How far a site's index is built: the share of chunks with their vectors, as a progress bar with the time left.
import { html } from "lit";
import type { SiteIndexing } from "../../shared/sites.ts";

const count = (n: number): string => n.toLocaleString("en");

/** "under a minute", "about 4 min", "about 1 h 20 min"; null secondsLeft means no rate has been measured yet. */
export function timeLeft(seconds: number | null): string {
  if (seconds === null) return "estimating the time left…";
  if (seconds < 60) return "under a minute left";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

export function indexingView(indexing: SiteIndexing) {
  // An empty index is not "ready" for anything: the owner's next step is a crawl (or pages pushed), not a search.
  if (indexing.chunkCount === 0) {
    return html`<p data-testid="index-state"><strong>Nothing indexed yet.</strong> A crawl, or pages added under Pages or through the API, fill the index.</p>`;
  }
  if (indexing.state === "ready") {
    return html`<p data-testid="index-state"><strong>Index ready.</strong>
      All ${count(indexing.chunkCount)} chunks have their vectors: search ranks by meaning as well as by words.</p>`;
  }
  const percent = Math.floor(indexing.share * 100);
  return html`<div class="stack indexing" data-testid="index-state">
    <div class="spread">
      <strong>Indexing: ${count(indexing.embeddedChunkCount)} of ${count(indexing.chunkCount)} chunks embedded (${percent}%)</strong>
      <span class="muted" data-testid="time-left">${timeLeft(indexing.secondsLeft)}</span>
    </div>
    <sl-progress-bar value=${percent} label="Chunks embedded"></sl-progress-bar>
    <p class="muted">Every page is already found by its words; results get better as the rest get their vectors.</p>
  </div>`;
}
