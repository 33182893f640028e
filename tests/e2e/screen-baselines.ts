// A dashboard screen at a laptop's width (1280 px) and a phone's (375 px), light and dark: each of the four pictures is
// compared with its checked-in baseline (tests/e2e/baselines/dashboard-<name>-<width>-<scheme>.png) and checked by
// axe-core. The same page switches its viewport and colour scheme, so no second context or sign-in is needed.
// UPDATE_BASELINES=1 rewrites the pictures after a deliberate visual change; a picture that differs is written beside
// its baseline as .actual.png and reported with the axe findings, so one run names every screen that moved.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator } from "playwright-core";
import type { DashboardPage } from "./dashboard-page.ts";
import { diffPngs } from "./pixel-diff.ts";
import type { AxeViolation } from "./widget-page.ts";

const root = join(import.meta.dir, "../..");
const BASELINES = join(import.meta.dir, "baselines");
const UPDATE = process.env.UPDATE_BASELINES === "1";
/** Share of pixels allowed to differ: anti-aliasing, not a moved or missing element. */
const TOLERANCE = 0.02;
export const WIDTHS = [1280, 375] as const;
const SCHEMES = ["light", "dark"] as const;

export interface ScreenOptions {
  /** What changes from run to run (ids, ports, times, durations): painted over in the pictures. */
  mask?: () => Locator[];
  /** Scrolled to the middle of the screen before the pictures: the viewport is what is compared. */
  focus?: () => Locator;
  /** Also write the whole page at this width to docs/images/dashboard-<name>[-375]-<scheme>.png. */
  docs?: (typeof WIDTHS)[number];
}

/** The screen as it is now against its baseline, in one scheme at the current width: a finding when it moved. */
export async function compareBaseline(d: DashboardPage, file: string, mask: Locator[] = []): Promise<AxeViolation[]> {
  const png = await d.page.screenshot({ mask, caret: "hide", animations: "disabled" });
  const path = join(BASELINES, `${file}.png`);
  if (UPDATE) {
    writeFileSync(path, png);
    return [];
  }
  const finding = (help: string): AxeViolation[] => [{ id: "baseline", impact: "serious", help: `${file}: ${help}`, nodes: [] }];
  if (!existsSync(path)) return finding("no baseline yet (run with UPDATE_BASELINES=1)");
  const diff = await diffPngs(d.page.context().browser()!, readFileSync(path), png);
  if (diff.sameSize && diff.ratio <= TOLERANCE) return [];
  writeFileSync(join(BASELINES, `${file}.actual.png`), png);
  return finding(diff.sameSize ? `${(diff.ratio * 100).toFixed(1)}% of pixels differ from the baseline` : "the picture's size changed");
}

/** The four pictures of one screen, each compared and axe-checked; the page ends at its own width, light. Returns the
 * axe findings and the pictures that moved. */
export async function checkScreen(d: DashboardPage, name: string, options: ScreenOptions = {}): Promise<AxeViolation[]> {
  const started = performance.now();
  const found: AxeViolation[] = [];
  const own = d.page.viewportSize()!;
  for (const width of WIDTHS) {
    if (width !== d.page.viewportSize()!.width) await d.page.setViewportSize({ width, height: own.height });
    for (const scheme of SCHEMES) {
      await d.page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
      // The same scroll position at every run: the focus in the middle of the screen, or else the top of the page.
      if (options.focus) await options.focus().evaluate((el) => el.scrollIntoView({ block: "center" }));
      else await d.page.evaluate(() => window.scrollTo(0, 0));
      await d.settle();
      found.push(...(await d.axeViolations()).map((v) => ({ ...v, help: `${name} ${width} px (${scheme}): ${v.help}` })));
      found.push(...(await compareBaseline(d, `dashboard-${name}-${width}-${scheme}`, options.mask?.() ?? [])));
      if (options.docs === width) {
        const file = `docs/images/dashboard-${name}${width === 1280 ? "" : `-${width}`}-${scheme}.png`;
        await d.page.screenshot({ path: join(root, file), fullPage: true });
      }
    }
  }
  if (d.page.viewportSize()!.width !== own.width) await d.page.setViewportSize(own);
  await d.page.emulateMedia({ colorScheme: "light" });
  if (process.env.SCREEN_TIMES) console.info(`screen ${name}: ${Math.round(performance.now() - started)} ms`);
  return found;
}
