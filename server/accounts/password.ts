// Password hashing with argon2id (hash-wasm: WebAssembly, so the same code runs on Bun and Deno).
import { argon2id, argon2Verify } from "hash-wasm";
import { randomBytes } from "node:crypto";

// OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane): memory-hard, yet ~50 ms so logins stay quick.
const PARAMS = { parallelism: 1, iterations: 2, memorySize: 19_456, hashLength: 32, outputType: "encoded" } as const;

export async function hashPassword(password: string): Promise<string> {
  return argon2id({ ...PARAMS, password, salt: randomBytes(16) });
}

let dummy: Promise<string> | null = null;

/** Verifies against the stored hash; with no user it still spends the same work, so timing does not reveal which emails exist. */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (hash === null) {
    dummy ??= hashPassword("no such user, still hashed");
    await argon2Verify({ password, hash: await dummy });
    return false;
  }
  try {
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}
