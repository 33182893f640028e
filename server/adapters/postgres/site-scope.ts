// Which sites' rows the statements in flight read or write, when the adapter issuing them can say so. Embedded PGlite
// runs one transaction at a time, so a visitor's search of site B waited behind organisation A's whole page write (one
// transaction of 70-240 ms). With the scopes known, the PGlite thread runs a read of sites B between the statements of
// a write to sites A, when the two sets share no site (pglite-thread.ts). PostgreSQL ignores them.
import { AsyncLocalStorage } from "node:async_hooks";

export interface SiteScope {
  /** The statements only read these sites' rows (and shared, read-only rows such as settings). */
  reads?: readonly string[];
  /** The transaction writes only these sites' rows. */
  writes?: readonly string[];
}

const current = new AsyncLocalStorage<SiteScope>();

/**
 * Runs a read that touches only these sites' rows (a search's lookups); nothing inside may write. A transaction run
 * inside must issue only its own statements: as a guest of another tenant's write it holds that write until it ends,
 * so a statement outside it would wait for a commit that waits for it.
 */
export function readingSites<T>(siteIds: readonly string[], read: () => Promise<T>): Promise<T> {
  return current.run({ reads: siteIds }, read);
}

/** Runs a write (one transaction) that changes only these sites' rows. */
export function writingSites<T>(siteIds: readonly string[], write: () => Promise<T>): Promise<T> {
  return current.run({ writes: siteIds }, write);
}

export function currentSiteScope(): SiteScope | undefined {
  return current.getStore();
}
