// Positions the results dropdown with Floating UI; autoUpdate runs only while it is open so a closed widget costs nothing.
import type { ReactiveController, ReactiveControllerHost } from "lit";
import { autoUpdate, computePosition, flip, offset, shift, size } from "@floating-ui/dom";

export class PopoverController implements ReactiveController {
  #cleanup: (() => void) | undefined;

  constructor(host: ReactiveControllerHost) {
    host.addController(this);
  }

  get isOpen(): boolean {
    return this.#cleanup !== undefined;
  }

  /** Starts following the reference; calling it again while open is a no-op. */
  open(reference: HTMLElement, floating: HTMLElement): void {
    if (this.#cleanup) return;
    const place = () =>
      void computePosition(reference, floating, {
        // Fixed positioning escapes overflow:hidden ancestors of the host page.
        strategy: "fixed",
        placement: "bottom-start",
        middleware: [
          offset(6),
          flip({ padding: 8 }),
          shift({ padding: 8 }),
          size({
            padding: 8,
            apply({ availableHeight, rects }) {
              // CSSOM writes are allowed under a strict style-src CSP, unlike style attributes in markup.
              floating.style.maxHeight = `${Math.max(160, availableHeight)}px`;
              floating.style.minWidth = `${rects.reference.width}px`;
            },
          }),
        ],
      }).then(({ x, y }) => {
        floating.style.left = `${x}px`;
        floating.style.top = `${y}px`;
      });
    this.#cleanup = autoUpdate(reference, floating, place);
  }

  close(): void {
    this.#cleanup?.();
    this.#cleanup = undefined;
  }

  hostDisconnected(): void {
    this.close();
  }
}
