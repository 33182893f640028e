// Webhook signing secrets at rest: sealed under SECRETS_KEY when it is set (secret-box.ts), so a copy of the
// database (a backup, a WAL file) does not hand out the keys receivers trust. Rows written without a key, or before
// secrets were sealed, hold the secret as is and are still read.
import type { SecretBox } from "./secret-box.ts";

const SEALED = "v1:";

export class WebhookSecrets {
  constructor(private readonly box: SecretBox | null) {}

  /** What to store: the sealed secret, or the secret itself when there is no key. */
  seal(secret: string): Promise<string> {
    return this.box ? this.box.seal(secret) : Promise.resolve(secret);
  }

  /** The secret to sign with. Throws when it was sealed and the key is gone or another one. */
  async open(stored: string): Promise<string> {
    if (!stored.startsWith(SEALED)) return stored;
    if (!this.box) throw new Error("The webhook's signing secret is sealed but the server has no SECRETS_KEY; set the key it was stored with.");
    return this.box.open(stored);
  }
}
