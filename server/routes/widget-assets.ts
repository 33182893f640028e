// The script-tag widget, served by the service itself so a site owner pastes one <script src=".../site-search.js">.
// Files are read once from the build folder and served with an ETag; any origin may load them (they hold no data).
import { Elysia } from "elysia";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { ErrorCode } from "../../shared/errors.ts";

/** Only these names are served: the folder may hold other build output that is not meant to be public. */
export const widgetFiles = ["site-search.js", "site-search-chat.js", "site-search-purify.js"] as const;

interface Asset {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

export function widgetAssetRoutes(widgetDir: string) {
  const loaded = new Map<string, Promise<Asset | null>>();
  const load = (name: string) => {
    let asset = loaded.get(name);
    if (!asset) {
      asset = readFile(join(widgetDir, name)).then(
        (body) => ({ body: new Uint8Array(body), etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"` }),
        () => null,
      );
      // A missing build is not cached, so building the widget while the service runs is enough.
      void asset.then((a) => a === null && loaded.delete(name));
      loaded.set(name, asset);
    }
    return asset;
  };

  const app = new Elysia({ tags: ["Widget"] });
  for (const name of widgetFiles) {
    app.get(
      `/${name}`,
      async ({ request }) => {
        const asset = await load(name);
        if (!asset) {
          return Response.json(
            { error: `The widget is not built: run "npm run build:widget" (looked for ${name} in ${widgetDir}).`, code: ErrorCode.NotFound },
            { status: 404 },
          );
        }
        const headers = {
          "content-type": "text/javascript; charset=utf-8",
          "access-control-allow-origin": "*",
          // Short max-age so a new release reaches visitors soon; the ETag makes revalidation cheap.
          "cache-control": "public, max-age=300, stale-while-revalidate=86400",
          etag: asset.etag,
        };
        if (request.headers.get("if-none-match") === asset.etag) return new Response(null, { status: 304, headers });
        return new Response(asset.body, { headers });
      },
      { detail: { summary: `The script-tag widget file ${name}` } },
    );
  }
  return app;
}
