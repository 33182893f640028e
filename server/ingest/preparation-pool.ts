// Page preparation on a pool of worker threads (web-standard Worker, on Bun and Deno), sized to the cores left beside
// the API thread. Waiting work is taken round-robin by tenant, so a tenant pushing a hundred heavy pages delays
// another tenant's page by at most one page per worker, not by the whole pile. PDFs take the same turns, and a PDF
// that is still being read at its wall-clock limit has its worker stopped.
import { Limits } from "../../shared/limits.ts";
import { BACKGROUND_NICE } from "../background-thread.ts";
import { ThreadPool, type PoolTask } from "../thread-pool.ts";
import { PdfUnreadable, type PdfReader, type PdfText } from "../ports/pdf-reader.ts";
import type { CleanedPage } from "./clean-html.ts";
import type { Chunk } from "./chunk.ts";
import type { ChunkInput, PagePreparer } from "./page-preparer.ts";
import type { PreparationReply, PreparationRequest } from "./preparation-handler.ts";

type Work = { op: "clean"; html: string; url: string } | { op: "chunk"; input: ChunkInput } | { op: "pdf"; bytes: Uint8Array; maxPages: number };

interface Job extends PoolTask {
  work: Work;
  resolve(result: unknown): void;
}

const defaultWorkerUrl = new URL("./preparation-worker.ts", import.meta.url).href;

export class PreparationPool implements PagePreparer, PdfReader {
  /** Waiting jobs by tenant; a Map iterates in insertion order, and a served tenant is moved to the back. */
  private readonly waiting = new Map<string, Job[]>();
  private readonly threads: ThreadPool<Job, PreparationReply>;
  private nextId = 1;
  private closed = false;

  /**
   * `idleMs`: a worker with nothing to do exits after this long; the next page pays its start (~0.5 s) again.
   * `nice`: the workers' thread priority (default 10, below the API thread, so searches are not starved by cleaning).
   * `workerUrl`: the worker entry (one that reads PDFs, from the composition root; default: cleaning and chunking only).
   * `pdfTimeoutMs`: how long one PDF may take before its worker is stopped (default Limits.pdfReadSeconds).
   */
  constructor(private readonly options: { workers: number; idleMs?: number; nice?: number; workerUrl?: string; pdfTimeoutMs?: number }) {
    const pdfTimeoutMs = options.pdfTimeoutMs ?? Limits.pdfReadSeconds * 1000;
    this.threads = new ThreadPool<Job, PreparationReply>({
      workers: options.workers,
      workerUrl: options.workerUrl ?? defaultWorkerUrl,
      idleMs: options.idleMs ?? 300_000,
      waiting: () => this.waiting.size > 0,
      take: () => this.take()!,
      message: (job) => ({ id: job.id, nice: options.nice ?? BACKGROUND_NICE, ...job.work }) as PreparationRequest,
      settle: (job, reply) => {
        if (!("error" in reply)) job.resolve(reply.result);
        else if (reply.unreadable) job.fail(new PdfUnreadable(reply.error));
        else job.fail(new Error(`Page preparation failed: ${reply.error}`));
      },
      // pdf.js cannot be interrupted inside a page, so a PDF past its time has its worker stopped.
      crashed: (job, message) =>
        message === null
          ? new PdfUnreadable(`Reading the PDF took longer than ${Math.round(pdfTimeoutMs / 1000)} s and was stopped; split it into smaller documents.`)
          : job.work.op === "pdf"
            ? new PdfUnreadable("The PDF could not be read.")
            : new Error(`Page preparation failed: ${message}`),
    });
  }

  clean(html: string, url: string, tenant: string): Promise<CleanedPage> {
    return this.submit(tenant, { op: "clean", html, url }) as Promise<CleanedPage>;
  }

  chunk(input: ChunkInput, tenant: string): Promise<Chunk[]> {
    return this.submit(tenant, { op: "chunk", input }) as Promise<Chunk[]>;
  }

  /** A PDF's text, read on a worker in the tenant's turn; refused (PdfUnreadable) when it outlasts the time limit. */
  read(input: { bytes: Uint8Array; maxPages: number; tenant: string }): Promise<PdfText> {
    return this.submit(input.tenant, { op: "pdf", bytes: input.bytes, maxPages: input.maxPages }) as Promise<PdfText>;
  }

  /** Stops every worker; waiting and running work is rejected. */
  close(): void {
    this.closed = true;
    const error = new Error("The page preparation pool was closed.");
    for (const jobs of this.waiting.values()) for (const job of jobs) job.fail(error);
    this.waiting.clear();
    this.threads.close(error);
  }

  private submit(tenant: string, work: Work): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error("The page preparation pool was closed."));
    return new Promise((resolve, reject) => {
      const jobs = this.waiting.get(tenant);
      const deadlineMs = work.op === "pdf" ? (this.options.pdfTimeoutMs ?? Limits.pdfReadSeconds * 1000) : undefined;
      const job: Job = { id: this.nextId++, work, resolve, fail: reject, deadlineMs };
      if (jobs) jobs.push(job);
      else this.waiting.set(tenant, [job]);
      this.threads.pump();
    });
  }

  /** The next job in round-robin order: the first tenant's oldest job, that tenant then going to the back. */
  private take(): Job | undefined {
    const first = this.waiting.entries().next();
    if (first.done) return undefined;
    const [tenant, jobs] = first.value;
    const job = jobs.shift()!;
    this.waiting.delete(tenant);
    if (jobs.length > 0) this.waiting.set(tenant, jobs);
    return job;
  }
}
