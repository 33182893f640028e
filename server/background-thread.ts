// Lowers the calling thread's scheduling priority (its nice value), so worker threads doing bulk work (passage
// embedding, page cleaning) give the CPU to the API thread whenever both want it, and take all of it otherwise.
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";

/** Nice value for background workers: Linux's scheduler then gives a runnable nice-0 thread ~9× their share. */
export const BACKGROUND_NICE = 10;

/**
 * Linux only (other systems have no per-thread nice through this call): /proc/thread-self names this thread's id,
 * and setpriority on a thread id changes that thread alone. Lowering a priority needs no privilege. Best effort:
 * returns whether it took.
 */
export function lowerThisThreadPriority(nice = BACKGROUND_NICE): boolean {
  if (nice <= 0) return false;
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
