// The targets of the traffic benchmark (2 cores, embedded PGlite, the manual fully embedded), each printed beside what a
// run measured, so a run on a quiet machine answers "are we there" in its last lines.
import { percentile, type Sample } from "./traffic-visitor.ts";

export interface LevelFigures {
  visitors: number;
  instantP95: number;
  fullP95: number;
  allP95: number;
  refused: number;
  errors: number;
  errorLines: number;
}

export function levelFigures(visitors: number, samples: Sample[], errorLines: number): LevelFigures {
  const ok = samples.filter((s) => s.status === 200);
  const p95 = (list: Sample[]) =>
    percentile(
      list.map((s) => s.ms),
      0.95,
    );
  return {
    visitors,
    instantP95: p95(ok.filter((s) => s.speed === "instant")),
    fullP95: p95(ok.filter((s) => s.speed === "full")),
    allP95: p95(ok),
    refused: samples.filter((s) => s.status === 429).length,
    errors: samples.filter((s) => s.status !== 200 && s.status !== 429).length,
    errorLines,
  };
}

interface Target {
  visitors: number;
  what: string;
  limit: number;
  value(f: LevelFigures): number;
}

const TARGETS: Target[] = [
  { visitors: 30, what: "errors (and error-level log lines)", limit: 0, value: (f) => f.errors + f.errorLines },
  { visitors: 30, what: "instant p95 ms", limit: 50, value: (f) => f.instantP95 },
  { visitors: 30, what: "full p95 ms", limit: 150, value: (f) => f.fullP95 },
  { visitors: 30, what: "all p95 ms", limit: 150, value: (f) => f.allP95 },
  { visitors: 100, what: "errors other than 429 (and error-level log lines)", limit: 0, value: (f) => f.errors + f.errorLines },
  { visitors: 100, what: "all p95 ms", limit: 400, value: (f) => f.allP95 },
];

/** One line per target whose visitor count this run measured: the figure, the limit, met or not. */
export function targetLines(levels: LevelFigures[], load: number, cpus: number): string[] {
  const lines = TARGETS.flatMap((t) => {
    const level = levels.find((l) => l.visitors === t.visitors);
    if (!level) return [];
    const value = t.value(level);
    return [`  ${t.visitors} visitors, ${t.what}: ${value} (target ≤ ${t.limit}) ${value <= t.limit ? "met" : "NOT met"}`];
  });
  if (lines.length === 0) return [];
  const busy = load > cpus ? ` — load average ${load} on ${cpus} CPUs: latencies measure the queue for the CPU, not the code` : "";
  return [`targets${busy}`, ...lines];
}
