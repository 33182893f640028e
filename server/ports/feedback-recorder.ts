// What the public click and feedback endpoints record, implemented by analytics; the gate comes from the composition root.
import type { FeedbackTag } from "../../shared/chat.ts";

export interface ClickRecord {
  orgId: string;
  siteId: string;
  query: string;
  url: string;
  position?: number | null;
  at?: Date;
}

export interface FeedbackRecorder {
  recordClick(click: ClickRecord): void;
  /** False when the answer does not exist or belongs to another site. */
  rateAnswer(siteId: string, answerId: string, rating: "up" | "down", reason: string | null, tags: readonly FeedbackTag[]): Promise<boolean>;
}
