// GET /health: is the service answering. Anyone sees `status`; the checks (engines, extensions, index names,
// queue depth) only a caller with a valid API key, or everyone when HEALTH_DETAILS=public.
import { Elysia, t } from "elysia";
import type { HealthCheck } from "../ports/health-check.ts";

export interface HealthDeps {
  checks: HealthCheck[];
  /** True when the caller may see the checks (a valid API key in Authorization, or the setting). */
  showDetails(authorization: string | undefined): Promise<boolean>;
}

const HealthBody = t.Object({ status: t.String(), checks: t.Optional(t.Record(t.String(), t.Any())) });

export function healthRoutes(deps: HealthDeps) {
  return new Elysia({ tags: ["Health"] }).get(
    "/health",
    async ({ set, headers }) => {
      const results = await Promise.all(
        deps.checks.map(async (c) => {
          try {
            return [c.name, await c.check()] as const;
          } catch (error) {
            return [c.name, { ok: false, detail: (error as Error).message }] as const;
          }
        }),
      );
      const ok = results.every(([, r]) => r.ok);
      if (!ok) set.status = 503;
      const status = ok ? "ok" : "degraded";
      // Names of extensions, indexes and engines help an attacker more than a load balancer, which needs only status.
      if (!(await deps.showDetails(headers.authorization))) return { status };
      return { status, checks: Object.fromEntries(results) };
    },
    {
      response: { 200: HealthBody, 503: HealthBody },
      detail: { summary: "Health: status for anyone; the database, lexical engine and embedder checks with an API key" },
    },
  );
}
