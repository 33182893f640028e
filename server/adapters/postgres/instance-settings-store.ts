// Values an instance makes up once and keeps in the database (the analytics salt): every instance sharing the
// database, and every restart, reads the same one.
import { eq } from "drizzle-orm";
import type { Db } from "./database.ts";
import { instanceSettings } from "./schema.ts";

export class InstanceSettingsStore {
  constructor(private readonly db: Db) {}

  /** The stored value, or `create()`'s stored first; instances starting together agree on whichever insert won. */
  async getOrCreate(key: string, create: () => string): Promise<string> {
    await this.db.insert(instanceSettings).values({ key, value: create() }).onConflictDoNothing();
    const [row] = await this.db.select({ value: instanceSettings.value }).from(instanceSettings).where(eq(instanceSettings.key, key));
    return row!.value;
  }
}
