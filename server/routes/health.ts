// GET /health: is the database answering, which lexical engine and embedder are in use.
import { Elysia, t } from "elysia";

export interface HealthCheck {
  name: string;
  check(): Promise<{ ok: boolean; detail?: string; [k: string]: unknown }>;
}

export function healthRoutes(checks: HealthCheck[]) {
  return new Elysia({ tags: ["Health"] }).get(
    "/health",
    async ({ set }) => {
      const results = await Promise.all(
        checks.map(async (c) => {
          try {
            return [c.name, await c.check()] as const;
          } catch (error) {
            return [c.name, { ok: false, detail: (error as Error).message }] as const;
          }
        }),
      );
      const ok = results.every(([, r]) => r.ok);
      if (!ok) set.status = 503;
      return { status: ok ? "ok" : "degraded", checks: Object.fromEntries(results) };
    },
    {
      response: { 200: t.Object({ status: t.String(), checks: t.Record(t.String(), t.Any()) }), 503: t.Object({ status: t.String(), checks: t.Record(t.String(), t.Any()) }) },
      detail: { summary: "Health of the database, lexical engine and embedder" },
    },
  );
}
