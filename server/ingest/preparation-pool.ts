// Page preparation on a pool of worker threads (web-standard Worker, on Bun and Deno), sized to the cores left beside
// the API thread. Waiting work is taken round-robin by tenant, so a tenant pushing a hundred heavy pages delays
// another tenant's page by at most one page per worker, not by the whole pile. PDFs take the same turns, and a PDF
// that is still being read at its wall-clock limit has its worker stopped.
import { Limits } from "../../shared/limits.ts";
import { BACKGROUND_NICE } from "../background-thread.ts";
import { PdfUnreadable, type PdfReader, type PdfText } from "../ports/pdf-reader.ts";
import type { CleanedPage } from "./clean-html.ts";
import type { Chunk } from "./chunk.ts";
import type { ChunkInput, PagePreparer } from "./page-preparer.ts";
import type { PreparationReply, PreparationRequest } from "./preparation-handler.ts";

type Work = { op: "clean"; html: string; url: string } | { op: "chunk"; input: ChunkInput } | { op: "pdf"; bytes: Uint8Array; maxPages: number };

interface Job {
  id: number;
  work: Work;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  idleTimer: ReturnType<typeof setTimeout> | null;
  /** Stops the worker when its PDF takes too long. */
  deadline: ReturnType<typeof setTimeout> | null;
}

/** Bun's workers can stop holding the process open; Deno's cannot (they exit on the idle timer instead). */
type Refable = { ref?(): void; unref?(): void };

const defaultWorkerUrl = new URL("./preparation-worker.ts", import.meta.url).href;

export class PreparationPool implements PagePreparer, PdfReader {
  /** Waiting jobs by tenant; a Map iterates in insertion order, and a served tenant is moved to the back. */
  private readonly waiting = new Map<string, Job[]>();
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closed = false;

  /**
   * `idleMs`: a worker with nothing to do exits after this long; the next page pays its start (~0.5 s) again.
   * `nice`: the workers' thread priority (default 10, below the API thread, so searches are not starved by cleaning).
   * `workerUrl`: the worker entry (one that reads PDFs, from the composition root; default: cleaning and chunking only).
   * `pdfTimeoutMs`: how long one PDF may take before its worker is stopped (default Limits.pdfReadSeconds).
   */
  constructor(private readonly options: { workers: number; idleMs?: number; nice?: number; workerUrl?: string; pdfTimeoutMs?: number }) {}

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
    for (const jobs of this.waiting.values()) for (const job of jobs) job.reject(error);
    this.waiting.clear();
    for (const slot of this.slots.splice(0)) {
      slot.job?.reject(error);
      this.stop(slot);
    }
  }

  private submit(tenant: string, work: Work): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error("The page preparation pool was closed."));
    return new Promise((resolve, reject) => {
      const jobs = this.waiting.get(tenant);
      const job: Job = { id: this.nextId++, work, resolve, reject };
      if (jobs) jobs.push(job);
      else this.waiting.set(tenant, [job]);
      this.pump();
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

  private pump(): void {
    while (this.waiting.size > 0) {
      const slot = this.slots.find((s) => s.job === null) ?? this.spawn();
      if (!slot) return;
      this.assign(slot, this.take()!);
    }
  }

  private assign(slot: Slot, job: Job): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.job = job;
    (slot.worker as Refable).ref?.();
    slot.worker.postMessage({ id: job.id, nice: this.options.nice ?? BACKGROUND_NICE, ...job.work } as PreparationRequest);
    if (job.work.op === "pdf") slot.deadline = setTimeout(() => this.overtime(slot, job), this.options.pdfTimeoutMs ?? Limits.pdfReadSeconds * 1000);
  }

  /** pdf.js cannot be interrupted inside a page, so the worker itself is stopped and replaced on the next job. */
  private overtime(slot: Slot, job: Job): void {
    if (slot.job !== job) return;
    const seconds = Math.round((this.options.pdfTimeoutMs ?? Limits.pdfReadSeconds * 1000) / 1000);
    job.reject(new PdfUnreadable(`Reading the PDF took longer than ${seconds} s and was stopped; split it into smaller documents.`));
    slot.job = null;
    this.remove(slot);
    this.pump();
  }

  private spawn(): Slot | null {
    if (this.slots.length >= this.options.workers) return null;
    const worker = new Worker(this.options.workerUrl ?? defaultWorkerUrl, { type: "module" });
    const slot: Slot = { worker, job: null, idleTimer: null, deadline: null };
    worker.onmessage = (event: MessageEvent<PreparationReply>) => this.settle(slot, event.data);
    worker.onerror = (event: ErrorEvent) => {
      // A crashed worker (out of memory on a hostile page) fails its job only and is replaced on the next one.
      event.preventDefault?.();
      slot.job?.reject(slot.job.work.op === "pdf" ? new PdfUnreadable("The PDF could not be read.") : new Error(`Page preparation failed: ${event.message}`));
      slot.job = null;
      this.remove(slot);
      this.pump();
    };
    this.slots.push(slot);
    return slot;
  }

  private settle(slot: Slot, reply: PreparationReply): void {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    slot.job = null;
    if (slot.deadline) clearTimeout(slot.deadline);
    slot.deadline = null;
    if (!("error" in reply)) job.resolve(reply.result);
    else if (reply.unreadable) job.reject(new PdfUnreadable(reply.error));
    else job.reject(new Error(`Page preparation failed: ${reply.error}`));
    this.pump();
    if (slot.job === null) this.idle(slot);
  }

  private idle(slot: Slot): void {
    (slot.worker as Refable).unref?.();
    slot.idleTimer = setTimeout(() => this.remove(slot), this.options.idleMs ?? 300_000);
    (slot.idleTimer as Refable).unref?.();
  }

  private remove(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    this.stop(slot);
  }

  private stop(slot: Slot): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    if (slot.deadline) clearTimeout(slot.deadline);
    slot.worker.terminate();
  }
}
