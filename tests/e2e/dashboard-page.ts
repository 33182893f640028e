// Page object for the dashboard journey: a Chromium page on the real server, fields by label or name,
// an axe-core check per screen, CSP violations collected, and light + dark screenshots under docs/images.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import type { AxeViolation } from "./widget-page.ts";

const root = join(import.meta.dir, "../..");
const axeSource = readFileSync(join(root, "node_modules/axe-core/axe.min.js"), "utf8");

export class DashboardPage {
  readonly errors: string[] = [];
  readonly cspViolations: string[] = [];

  private constructor(
    readonly page: Page,
    readonly base: string,
  ) {
    page.on("pageerror", (error) => this.errors.push(error.message));
    page.on("crash", () => this.errors.push("the page crashed"));
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) this.cspViolations.push(message.text());
    });
  }

  static async open(browser: Browser, base: string, width = 1280): Promise<DashboardPage> {
    const context = await browser.newContext({ reducedMotion: "reduce", viewport: { width, height: 900 }, colorScheme: "light" });
    const page = await context.newPage();
    // Generous: CI machines and shared ones are slow, and a crawl ends the step it runs in.
    page.setDefaultTimeout(30_000);
    page.on("dialog", (dialog) => void dialog.accept());
    return new DashboardPage(page, base);
  }

  goto(path: string) {
    return this.page.goto(this.base + path);
  }

  field(name: string) {
    // Playwright's CSS engine pierces shadow roots: the native control inside the Shoelace element.
    return this.page.locator(`[name="${name}"] input, [name="${name}"] textarea`).first();
  }

  button(name: string | RegExp) {
    return this.page.getByRole("button", { name });
  }

  link(name: string) {
    return this.page.getByRole("link", { name, exact: true });
  }

  /** A link of the main navigation, by its target. */
  nav(path: string) {
    return this.page.locator(`nav a[href="/dashboard${path}"]`);
  }

  testId(id: string) {
    return this.page.locator(`[data-testid="${id}"]`);
  }

  /** Serious and critical axe-core findings on the screen as it is now (injected over CDP, so the CSP stays strict). */
  async axeViolations(): Promise<AxeViolation[]> {
    if (!(await this.page.evaluate(() => "axe" in window))) await this.page.evaluate(axeSource);
    const violations = await this.page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
      return (await axe.run(document, { resultTypes: ["violations"] })).violations;
    });
    return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  }

  /**
   * Shoelace's controls fade their colours on a theme change and on hover: axe and the pictures must see the settled
   * colours of controls at rest, not a mid-fade under the pointer the journey last clicked with. Waits for finite
   * animations and transitions only (a spinner turns for ever), then for two frames.
   */
  async settle(): Promise<void> {
    await this.page.mouse.move(0, 0);
    await this.page
      .waitForFunction(
        () => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
        null,
        { timeout: 2_000 },
      )
      .catch(() => {});
    await this.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  }

  /** docs/images/dashboard-<name>-light.png and -dark.png, with an axe check in each theme. */
  async capture(name: string): Promise<AxeViolation[]> {
    const found: AxeViolation[] = [];
    for (const scheme of ["light", "dark"] as const) {
      // Reduced motion turns Shoelace's colour fades off (dashboard/styles.css), so axe reads settled colours.
      await this.page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
      await this.settle();
      found.push(...(await this.axeViolations()).map((v) => ({ ...v, help: `${name} (${scheme}): ${v.help}` })));
      await this.page.screenshot({ path: join(root, `docs/images/dashboard-${name}-${scheme}.png`), fullPage: true });
    }
    await this.page.emulateMedia({ colorScheme: "light" });
    return found;
  }
}
