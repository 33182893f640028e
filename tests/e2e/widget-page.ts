// Page object for browser tests of <site-search>: one Chromium per suite, one context per test, locators by part.
import { chromium, type Browser, type Page } from "playwright-core";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

export class WidgetPage {
  readonly errors: string[] = [];
  readonly warnings: string[] = [];

  private constructor(readonly page: Page) {
    page.on("pageerror", (error) => this.errors.push(error.message));
    page.on("console", (message) => message.type() === "warning" && this.warnings.push(message.text()));
  }

  /** initScript runs before the page's own scripts (e.g. to take a browser feature away). */
  static async open(browser: Browser, url: string, { initScript }: { initScript?: string } = {}): Promise<WidgetPage> {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    if (initScript) await page.addInitScript(initScript);
    // Fail a step in seconds, well inside the test timeout, so one hang does not take the whole browser down.
    page.setDefaultTimeout(20_000);
    const widget = new WidgetPage(page);
    await page.goto(url);
    await page.waitForFunction(() => customElements.get("site-search") !== undefined);
    return widget;
  }

  /** Script files the page has fetched, by file name. */
  async scriptsLoaded(): Promise<string[]> {
    return this.page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => new URL(e.name).pathname.split("/").pop()!)
        .filter((name) => name.endsWith(".js")),
    );
  }

  part(name: string) {
    // Playwright's CSS engine pierces open shadow roots, so parts are addressable from the page.
    return this.page.locator(`site-search [part~="${name}"]`);
  }

  get input() {
    return this.part("input");
  }

  get options() {
    return this.part("option");
  }

  async search(query: string): Promise<void> {
    await this.input.click();
    await this.input.fill(query);
    await this.part("listbox").waitFor();
    if (query !== "") await this.waitForFullAnswer();
  }

  /** Resolves when results show and they are the full answer: the listbox is busy while an instant one waits for it. */
  async waitForFullAnswer(): Promise<void> {
    await this.page.waitForFunction(() => {
      const root = document.querySelector("site-search")?.shadowRoot;
      return Boolean(root?.querySelector('[part~="option-snippet"]') && root.querySelector('[part~="listbox"][aria-busy="false"]'));
    });
  }

  /** Types into the input key by key at a typist's speed (characters per second). */
  async type(text: string, charsPerSecond: number): Promise<void> {
    await this.input.pressSequentially(text, { delay: 1000 / charsPerSecond });
  }

  /** Every call to the public API from now on, as the browser made it (query string included) with its status. */
  recordApiCalls(): { url: URL; status: number }[] {
    const calls: { url: URL; status: number }[] = [];
    this.page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith("/v1/public/")) calls.push({ url, status: response.status() });
    });
    return calls;
  }

  async activeDescendant(): Promise<string | null> {
    return this.input.getAttribute("aria-activedescendant");
  }

  async activeOptionText(): Promise<string> {
    const id = await this.activeDescendant();
    return id ? this.page.locator(`site-search #${id}`).innerText() : "";
  }

  /** Resolves when the newest answer has finished streaming. */
  async waitForAnswer(): Promise<void> {
    await this.part("copy-button").last().waitFor();
  }

  async focusedPart(): Promise<string | null> {
    return this.page.evaluate(() => {
      let active: Element | null = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active?.getAttribute("part") ?? active?.id ?? active?.tagName ?? null;
    });
  }

  async axeViolations(): Promise<AxeViolation[]> {
    const hasAxe = await this.page.evaluate(() => "axe" in window);
    if (!hasAxe) await this.page.addScriptTag({ url: "/axe.min.js" });
    return this.page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
      const result = await axe.run(document, { resultTypes: ["violations"] });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
    });
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }
}
