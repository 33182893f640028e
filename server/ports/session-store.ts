// Dashboard sessions kept in the database, so any instance can check any session and logout is immediate.
export interface SessionRecord {
  id: string;
  userId: string;
  orgId: string;
  expiresAt: Date;
}

export interface SessionStore {
  create(session: SessionRecord): Promise<void>;
  /** The session if it exists and has not expired at `now`. */
  find(id: string, now: Date): Promise<SessionRecord | null>;
  delete(id: string): Promise<void>;
  /** Ends a user's other sessions (after a password change or reset). */
  deleteForUser(userId: string, exceptId?: string): Promise<void>;
  setOrganisation(id: string, orgId: string): Promise<void>;
}
