// Chat sessions, stored answers and the chunk text that chat passages quote.

export interface StoredChatTurn {
  question: string;
  answer: string;
}

export interface ChatAnswerInsert {
  id: string;
  siteId: string;
  sessionId: string;
  question: string;
  answered: boolean;
  mode: "generative" | "extractive";
}

export interface ChatStore {
  /** The session's turns, oldest first; null when it does not exist or has expired. */
  sessionTurns(siteId: string, sessionId: string, now: number): Promise<StoredChatTurn[] | null>;
  appendTurn(input: { siteId: string; sessionId: string; turn: StoredChatTurn; now: number; ttlSeconds: number }): Promise<void>;
  pruneExpiredSessions(now: number): Promise<number>;
  saveAnswer(answer: ChatAnswerInsert): Promise<void>;
}
