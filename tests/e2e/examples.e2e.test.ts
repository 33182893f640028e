// Browser tests of the React and Vue examples as `.ci/examples.sh` builds them: each app's dist/ served on its own
// loopback origin under a strict CSP, its widget pointed at the real server, and a visitor searching inside the app.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import type { Browser } from "playwright-core";
import { startTestServer, type DocPage, type TestServer } from "../fixtures/test-server.ts";
import { launchChromium, WidgetPage } from "./widget-page.ts";

const root = join(import.meta.dir, "../..");
// The placeholders the examples fall back to without VITE_SITE_SEARCH_* variables; served here, they name the test server.
const ENDPOINT_PLACEHOLDER = "http://localhost:3000";
const SITE_PLACEHOLDER = "YOUR_SITE_ID";

interface Example {
  name: "react" | "vue";
  dist: string;
  /** What the visitor does to reach the search box: the React app uses mode="modal", the Vue app mode="inline". */
  openSearch(w: WidgetPage): Promise<void>;
}

const examples: Example[] = [
  {
    name: "react",
    dist: join(root, "examples/react/dist"),
    async openSearch(w) {
      await w.part("button").click();
      await w.part("dialog").waitFor();
    },
  },
  { name: "vue", dist: join(root, "examples/vue/dist"), openSearch: (w) => w.input.click() },
];

// Sections shorter than about 40 words fold into their parent's chunk, so each section here says enough to stand alone.
const docs: DocPage[] = [
  {
    path: "/docs/install",
    title: "Install guide",
    summary: "How to install the service on Linux.",
    html: `<h1>Guide</h1><p>This guide explains how to set up the service on Linux, and what you need before you start: a machine with two gigabytes of memory, a recent kernel, and network access to the package mirror of your distribution.</p>
      <h2 id="linux">Install on Linux</h2><p>To install with the package manager, run apt install site-search on Debian and Ubuntu, or dnf install site-search on Fedora. The package creates a system user, a data directory under /var/lib and a systemd unit that you can enable once the install has finished.</p>`,
  },
  {
    path: "/docs/configure",
    title: "Configure",
    summary: "Configuration options.",
    html: `<h1>Configure</h1><p>Configure the port, the data directory and the log level through environment variables. Every option has a default, so a fresh setup runs without any file; set only what differs, then restart the service to apply the configuration.</p>`,
  },
  // The rest of a small documentation site: without other pages every word is common and nothing ranks.
  ...[
    [
      "Deploy",
      "Roll out a new version behind the load balancer one instance at a time; the health check keeps traffic away from an instance until it answers.",
    ],
    ["Upgrade", "Read the release notes, take a backup, then replace the binary; migrations run on start and refuse to run twice."],
    ["Backups", "Dump the database every night and copy the dump off the machine; restore it into a scratch database now and then to prove it works."],
    ["Pricing", "The free plan covers one site and a thousand pages; paid plans add sites, pages, groups and longer analytics retention."],
    ["Monitoring", "Scrape the metrics endpoint, alert on the error rate and on queue depth, and keep request logs for a week."],
    ["Crawling", "The crawler follows links from the start page, obeys robots.txt, and renders JavaScript pages in a headless browser when asked."],
  ].map(([title, text]) => ({ path: `/docs/${title!.toLowerCase()}`, title: title!, html: `<h1>${title}</h1><p>${text} ${text}</p>` })),
];

const contentTypes: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml" };

/** An example's built app on its own loopback origin, with the placeholders replaced by the test server and site. */
function serveExample(example: Example, server: TestServer) {
  const point = (text: string) => text.replaceAll(ENDPOINT_PLACEHOLDER, server.url).replaceAll(SITE_PLACEHOLDER, server.siteId);
  // The strict CSP the widget promises to work under, with the search service as the one other origin it talks to.
  const csp = `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' ${server.url}; img-src 'self'`;
  let pointed = false;
  const http = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request) {
      const { pathname } = new URL(request.url);
      if (pathname === "/axe.min.js")
        return new Response(Bun.file(join(root, "node_modules/axe-core/axe.min.js")), { headers: { "content-type": "text/javascript" } });
      if (pathname === "/favicon.ico") return new Response(null, { status: 204 });
      const file = join(example.dist, pathname === "/" ? "index.html" : pathname);
      if (!file.startsWith(`${example.dist}/`) || !existsSync(file)) return new Response("not found", { status: 404 });
      const type = contentTypes[extname(file)] ?? "application/octet-stream";
      const headers: Record<string, string> = { "content-type": type };
      if (type === "text/html") headers["content-security-policy"] = csp;
      if (type !== "text/javascript" && type !== "text/html") return new Response(Bun.file(file), { headers });
      const text = readFileSync(file, "utf8");
      if (text.includes(SITE_PLACEHOLDER)) pointed = true;
      return new Response(point(text), { headers });
    },
  });
  return {
    url: `http://127.0.0.1:${http.port}`,
    /** True once a file carrying the placeholder site id was served, i.e. the app can have been pointed at the server. */
    get pointed() {
      return pointed;
    },
    stop: () => http.stop(true),
  };
}

/** Console warnings and errors since the page loaded: the apps log every site-search-error, and CSP violations show there too. */
async function consoleProblems(w: WidgetPage): Promise<string[]> {
  const messages = await w.page.consoleMessages();
  return messages.filter((m) => m.type() === "warning" || m.type() === "error").map((m) => m.text());
}

const missing = examples.filter((e) => !existsSync(join(e.dist, "index.html")));
// CI runs .ci/examples.sh before the tests; a missing build there must fail the suite, not skip it.
const run = missing.length === 0 || Boolean(process.env.CI);
if (!run) {
  console.warn(
    `examples.e2e: skipping the React and Vue example tests: no ${missing.map((e) => `examples/${e.name}/dist`).join(" or ")}; run \`bash .ci/examples.sh\` to build them.`,
  );
}

setDefaultTimeout(30_000);

let server: TestServer;
let browser: Browser;
const apps = new Map<Example["name"], ReturnType<typeof serveExample>>();

beforeAll(async () => {
  if (!run) return;
  server = await startTestServer({ docs });
  browser = await launchChromium();
  for (const example of examples) if (!missing.includes(example)) apps.set(example.name, serveExample(example, server));
}, 180_000);

afterAll(async () => {
  for (const app of apps.values()) app.stop();
  await browser?.close();
  await server?.close();
});

/** The example's app, or a failure that says how to build it (under CI, where a missing build is not skipped). */
function appOf(example: Example) {
  const app = apps.get(example.name);
  if (!app) throw new Error(`examples/${example.name}/dist is missing: run bash .ci/examples.sh first`);
  return app;
}

for (const example of examples) {
  describe.if(run)(`${example.name} example`, () => {
    test("shows the server's results for what the visitor types", async () => {
      const app = appOf(example);
      const w = await WidgetPage.open(browser, `${app.url}/`);
      expect(app.pointed).toBe(true);
      await example.openSearch(w);
      await w.page.keyboard.type("install");
      await w.waitForFullAnswer();
      expect(await w.part("option-title").allInnerTexts()).toContain("Install guide");
      expect(await w.part("section-path").first().innerText()).toBe("Guide › Install on Linux");
      expect(await w.part("mark").first().innerText()).toBe("install");
      expect(server.publicRequests).toContainEqual(expect.objectContaining({ path: `/v1/public/sites/${server.siteId}/search`, status: 200 }));
      expect(await w.axeViolations()).toEqual([]);
      expect(w.errors).toEqual([]);
      expect(await consoleProblems(w)).toEqual([]);
      await w.close();
    });

    test("keeps the visitor in the app when they choose a result", async () => {
      const app = appOf(example);
      const w = await WidgetPage.open(browser, `${app.url}/`);
      await example.openSearch(w);
      await w.page.keyboard.type("configure");
      await w.part("option-title").getByText("Configure", { exact: true }).click();
      // The app cancels site-search-select and shows the URL instead of navigating to it.
      await w.page.getByText(`Last selected: ${server.url}/docs/configure`).waitFor();
      expect(w.page.url()).toBe(`${app.url}/`);
      expect(w.errors).toEqual([]);
      expect(await consoleProblems(w)).toEqual([]);
      await w.close();
    });
  });
}
