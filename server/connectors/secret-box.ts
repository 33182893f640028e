// Encrypts crawler credentials at rest: AES-256-GCM (WebCrypto) under SECRETS_KEY, a fresh 96-bit IV per value,
// stored as "v1:<base64 iv+ciphertext>". Without a key the service refuses to store credentials at all.
import { ConfigError } from "../errors/config-error.ts";

export class SecretBox {
  private constructor(private readonly key: CryptoKey) {}

  /** SECRETS_KEY is 32 bytes written as base64 (44 characters) or hex (64 characters). */
  static async fromSetting(setting: string): Promise<SecretBox> {
    const bytes = /^[0-9a-f]{64}$/i.test(setting) ? Buffer.from(setting, "hex") : Buffer.from(setting, "base64");
    if (bytes.length !== 32) throw new ConfigError("SECRETS_KEY must be 32 random bytes as base64 or hex; make one with `openssl rand -base64 32`.");
    return new SecretBox(await crypto.subtle.importKey("raw", bytes, "AES-GCM", false, ["encrypt", "decrypt"]));
  }

  async seal(plaintext: string): Promise<string> {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, this.key, new TextEncoder().encode(plaintext)));
    return `v1:${Buffer.concat([iv, sealed]).toString("base64")}`;
  }

  /** Throws when the value was sealed under another key or altered (GCM authenticates it). */
  async open(sealed: string): Promise<string> {
    if (!sealed.startsWith("v1:")) throw new Error("not a sealed value");
    const bytes = Buffer.from(sealed.slice(3), "base64");
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.subarray(0, 12) }, this.key, bytes.subarray(12));
    return new TextDecoder().decode(plain);
  }
}
