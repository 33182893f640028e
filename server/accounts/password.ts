// Password hashing with argon2id (hash-wasm: WebAssembly, so the same code runs on Bun and Deno).
import { argon2id, argon2Verify } from "hash-wasm";
import { randomBytes } from "node:crypto";
import { HashQueue, type HashPriority } from "./hash-queue.ts";

// OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane): memory-hard, yet ~50 ms so logins stay quick.
const PARAMS = { parallelism: 1, iterations: 2, memorySize: 19_456, hashLength: 32, outputType: "encoded" } as const;

// One queue per process: every argon2id run of the service takes its turn in it.
const queue = new HashQueue();

/** A new hash (setup, new member, password change): waits behind sign-in checks. */
export async function hashPassword(password: string, priority: HashPriority = "other"): Promise<string> {
  return queue.run(priority, () => argon2id({ ...PARAMS, password, salt: randomBytes(16) }));
}

let dummy: Promise<string> | null = null;

/** Verifies against the stored hash; with no user it still spends the same work, so timing does not reveal which emails exist. */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (hash === null) {
    dummy ??= hashPassword("no such user, still hashed", "sign-in");
    const stand = await dummy;
    await queue.run("sign-in", () => argon2Verify({ password, hash: stand }));
    return false;
  }
  try {
    return await queue.run("sign-in", () => argon2Verify({ password, hash }));
  } catch {
    return false;
  }
}
