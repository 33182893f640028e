// Random secrets for cookies and one-time links, and the digest under which they are stored.
import { createHash, randomBytes } from "node:crypto";

/** 32 random bytes, URL-safe: unguessable, and fits a cookie or a query string. */
export const newSecret = (): string => randomBytes(32).toString("base64url");

/** Only this digest is stored, so reading the database does not hand out live cookies or links. */
export const digest = (secret: string): string => createHash("sha256").update(secret).digest("hex");
