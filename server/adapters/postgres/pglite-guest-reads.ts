// Reads that run inside another transaction on the PGlite thread. PGlite has one session, so a transaction holds it
// from BEGIN to COMMIT: a visitor's search of site B waited behind organisation A's page write for all of it. When the
// write says which sites it changes and the read which sites it reads (site-scope.ts), and the two share none, the read
// runs between the write's statements, inside its transaction:
// - in a savepoint made read-only, always rolled back: the read can change nothing, and a read that fails (or tries to
//   write, which PostgreSQL refuses) leaves the write's transaction as it was;
// - one unit at a time on the transaction's lane, so no statement of the write falls inside the read's savepoint;
// - it sees the write's uncommitted rows only where it asked for none of them: its sites are not the write's.
import type { Transaction } from "@electric-sql/pglite";

const ENTER = "SAVEPOINT site_search_guest; SET LOCAL transaction_read_only = on";
const LEAVE = "ROLLBACK TO SAVEPOINT site_search_guest; RELEASE SAVEPOINT site_search_guest";

/** One unit at a time on an open transaction: its own statements, its end, and guest reads between them. */
export class Lane {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves, once the units queued before are done, with the release of this one. */
  acquire(): Promise<() => void> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    return previous.then(() => release);
  }

  async run<T>(unit: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await unit();
    } finally {
      release();
    }
  }
}

/** An open transaction as a host: the sites it writes (null: not said, so it hosts nothing) and its lane. */
export interface HostTransaction {
  tx: Transaction;
  writes: ReadonlySet<string> | null;
  lane: Lane;
  /** Set once its end has the lane: guests queued behind the end run outside, after it. */
  closed: boolean;
}

/** A guest holding a host's lane, inside its savepoint, until it leaves. */
export interface Guest {
  tx: Transaction;
  leave(): Promise<void>;
}

/** The host among `open` for a read of `reads`: one that said what it writes, with none of those sites. */
export function hostFor(open: Iterable<HostTransaction>, reads: readonly string[] | undefined): HostTransaction | null {
  if (!reads || reads.length === 0) return null;
  for (const host of open) {
    if (host.closed || !host.writes) continue;
    if (!reads.some((site) => host.writes!.has(site))) return host;
  }
  return null;
}

/**
 * Enters `host` as a guest: waits for the lane, then opens the read-only savepoint. Null when the host ended
 * meanwhile or cannot take a savepoint (its transaction has failed): the caller then runs outside, after it.
 */
export async function enter(host: HostTransaction): Promise<Guest | null> {
  const release = await host.lane.acquire();
  if (host.closed) {
    release();
    return null;
  }
  try {
    await host.tx.exec(ENTER);
  } catch {
    release();
    return null;
  }
  return {
    tx: host.tx,
    async leave() {
      try {
        await host.tx.exec(LEAVE);
      } finally {
        release();
      }
    },
  };
}

/** One read as a guest of `host`, or null when it could not enter (see enter). */
export async function readAsGuest<T>(host: HostTransaction, read: (tx: Transaction) => Promise<T>): Promise<{ result: T } | null> {
  const guest = await enter(host);
  if (!guest) return null;
  try {
    return { result: await read(guest.tx) };
  } finally {
    await guest.leave();
  }
}
