// Serves the built dashboard (dist/dashboard) at /dashboard under a strict Content-Security-Policy: the
// client-side router's paths all get index.html; hashed assets are cached for a year. /docs points at its API page.
import { Elysia } from "elysia";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { ErrorCode } from "../../shared/errors.ts";

/** No inline script or style, nothing from other origins, no framing; the setup link's token never leaves in a Referer. */
export const DASHBOARD_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
  ".woff2": "font/woff2",
};

const securityHeaders = {
  "content-security-policy": DASHBOARD_CSP,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
};

export function dashboardRoutes(dashboardDir: string) {
  const root = normalize(dashboardDir + sep);
  const serve = async (rest: string) => {
    const path = normalize(join(root, rest));
    // A path that climbs out of the folder or names a folder gets the app shell, never another file.
    const isAsset = path.startsWith(root) && extname(path) !== "" && !rest.endsWith("index.html");
    const file = isAsset ? path : join(root, "index.html");
    const body = await readFile(file).catch(() => null);
    if (!body) {
      if (isAsset) return Response.json({ error: "No such dashboard file.", code: ErrorCode.NotFound }, { status: 404, headers: securityHeaders });
      return Response.json(
        { error: `The dashboard is not built: run "npm run build:dashboard" (looked in ${dashboardDir}).`, code: ErrorCode.NotFound },
        { status: 404 },
      );
    }
    const hashed = rest.startsWith("assets/");
    return new Response(new Uint8Array(body), {
      headers: {
        ...securityHeaders,
        "content-type": TYPES[extname(file)] ?? "application/octet-stream",
        "cache-control": hashed ? "public, max-age=31536000, immutable" : "no-cache",
      },
    });
  };
  return new Elysia({ tags: ["Dashboard"] })
    .get("/docs", ({ redirect }) => redirect("/dashboard/docs", 302), { detail: { hide: true } })
    .get("/dashboard", () => serve(""), { detail: { hide: true } })
    .get("/dashboard/*", ({ params }) => serve(decodeURIComponent(params["*"] ?? "")), { detail: { hide: true } });
}
