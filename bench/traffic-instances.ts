// The API instances of the traffic benchmark: server processes (bench/traffic-server.ts) started from a code root,
// their `ready` line read, their error-level log lines counted, and their CPU time and RSS read from /proc (Linux).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface Ready {
  port: number;
  database: string;
  orgId?: string;
  siteId?: string;
  apiKey?: string;
  pages?: number;
  chunks?: number;
  /** Chunks with a passage vector, and how many of those this seeding had to embed (not found in the cache file). */
  vectors?: number;
  embedded?: number;
  solo: string[];
}

export interface Instance {
  pid: number;
  ready: Ready;
  /** Log lines at level error since start (the service logs one JSON object per line on stderr). */
  errorLines: string[];
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The checkout whose bench/traffic-server.ts runs (another branch's, to compare before and after in one run). */
  root: string;
  args: string[];
  env?: Record<string, string | undefined>;
  /** Writes a CPU profile (markdown) into this folder when the instance exits. */
  profileDir?: string;
}

async function* lines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffered = "";
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    buffered += decoder.decode(read.value, { stream: true });
    let end = buffered.indexOf("\n");
    while (end >= 0) {
      yield buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      end = buffered.indexOf("\n");
    }
  }
  if (buffered) yield buffered;
}

export async function startInstance(options: StartOptions): Promise<Instance> {
  const profile = options.profileDir ? ["--cpu-prof-md", `--cpu-prof-dir=${options.profileDir}`] : [];
  const child = Bun.spawn([process.execPath, ...profile, join(options.root, "bench/traffic-server.ts"), ...options.args], {
    cwd: options.root,
    env: { ...process.env, ...options.env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const errorLines: string[] = [];
  (async () => {
    for await (const line of lines(child.stderr)) {
      if (line.includes('"level":"error"')) errorLines.push(line);
      else if (!line.startsWith("{")) process.stderr.write(`[${child.pid}] ${line}\n`);
    }
  })();
  // Read to the end, not to the ready line: a pipe nobody drains would block the instance's next write.
  const ready = await new Promise<Ready | null>((resolve) => {
    (async () => {
      for await (const line of lines(child.stdout)) {
        if (line.startsWith("ready ")) resolve(JSON.parse(line.slice("ready ".length)) as Ready);
        else process.stderr.write(`[${child.pid}] ${line}\n`);
      }
      resolve(null);
    })();
  });
  if (!ready) throw new Error(`the instance ${options.root} exited before it was ready (status ${await child.exited})`);
  return {
    pid: child.pid,
    ready,
    errorLines,
    async stop() {
      child.kill("SIGTERM");
      await child.exited;
    },
  };
}

/** CPU seconds (user + system) and resident memory of a process, from /proc. */
export function processStats(pid: number): { cpuSeconds: number; rssMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start at state; utime and stime are the 12th and 13th then.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return { cpuSeconds: ticks / 100, rssMb: Math.round(rssKb / 1024) };
}

/** CPU seconds per thread (by id, with the thread's name): the API thread, PGlite's, the embedder's, the JIT's. */
export function threadStats(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(`${stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"))}#${tid}`, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

/** The 1-minute load average, the figure every table of this benchmark is read against on a shared machine. */
export function loadAverage(): number {
  return Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
}
