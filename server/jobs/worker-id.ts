// The name a process's job runners give the leases they hold: host, process and a random part, so two processes on
// one host, or one restarted with the same pid, never pass for each other.
import { hostname } from "node:os";
import { newId } from "../new-id.ts";

export function processWorkerId(): string {
  return `${hostname()}:${process.pid}:${newId("worker")}`;
}
