// drizzle-kit: generates SQL migrations in migrations/ from the schema.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./server/adapters/postgres/schema.ts",
  out: "./migrations",
});
