// Compares two PNG screenshots pixel by pixel, decoding them with Chromium itself (an <img> drawn on a canvas), so
// the test needs no image library: a pixel differs when any channel moves by more than `channelTolerance`.
import type { Browser, Page } from "playwright-core";

export interface PixelDiff {
  /** Share of pixels that differ, 0-1; 1 when the sizes differ. */
  ratio: number;
  width: number;
  height: number;
  sameSize: boolean;
}

/** One page per browser decodes every comparison: opening a page each time costs more than the comparison. */
const decoders = new WeakMap<Browser, Promise<Page>>();

export async function diffPngs(browser: Browser, expected: Buffer, actual: Buffer, channelTolerance = 40): Promise<PixelDiff> {
  // The same encoder writes the same bytes for the same pixels: nothing to decode.
  if (expected.equals(actual)) {
    const width = actual.readUInt32BE(16);
    const height = actual.readUInt32BE(20);
    return { ratio: 0, width, height, sameSize: true };
  }
  if (!decoders.has(browser)) decoders.set(browser, browser.newPage());
  const page = await decoders.get(browser)!;
  return page.evaluate(
    async ({ a, b, tolerance }) => {
      const decode = async (base64: string) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext("2d")!;
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, canvas.width, canvas.height);
      };
      const [x, y] = await Promise.all([decode(a), decode(b)]);
      if (x.width !== y.width || x.height !== y.height) return { ratio: 1, width: y.width, height: y.height, sameSize: false };
      let differing = 0;
      for (let i = 0; i < x.data.length; i += 4) {
        for (let c = 0; c < 3; c++) {
          if (Math.abs(x.data[i + c]! - y.data[i + c]!) > tolerance) {
            differing++;
            break;
          }
        }
      }
      return { ratio: differing / (x.width * x.height), width: x.width, height: x.height, sameSize: true };
    },
    { a: expected.toString("base64"), b: actual.toString("base64"), tolerance: channelTolerance },
  );
}
