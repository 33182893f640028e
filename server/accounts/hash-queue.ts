// Password hashing takes turns: argon2id runs as WebAssembly on the API thread, so hashes started together only
// queue behind one another there. A cap on hashes in flight, with sign-in checks served before other hashing
// (setup, new members, password changes), keeps a burst of those from delaying anyone's login; the other queue is
// bounded, so a flood is refused at once (429) instead of growing without end.
import { ErrorCode } from "../../shared/errors.ts";
import { DomainError } from "../errors/domain-error.ts";

export type HashPriority = "sign-in" | "other";

export class HashQueue {
  private running = 0;
  private readonly waiting: Record<HashPriority, Array<() => void>> = { "sign-in": [], other: [] };

  constructor(
    private readonly slots = 1,
    private readonly maxOtherWaiting = 64,
  ) {}

  async run<T>(priority: HashPriority, work: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) {
      if (priority === "other" && this.waiting.other.length >= this.maxOtherWaiting) {
        throw new DomainError(ErrorCode.RateLimited, "Too many passwords are waiting to be hashed; try again in 5 s.", 5);
      }
      await new Promise<void>((resolve) => this.waiting[priority].push(resolve));
    } else this.running += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, sign-in first, so a newcomer cannot overtake the queue.
      const next = this.waiting["sign-in"].shift() ?? this.waiting.other.shift();
      if (next) setImmediate(next);
      else this.running -= 1;
    }
  }
}
