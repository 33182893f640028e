// Closes the inline dropdown when the visitor presses outside the element or tabs out of it; focus moving inside
// the shadow root, or a press inside the element, leaves it open.
import type { ReactiveController, ReactiveControllerHost } from "lit";

export interface DismissOptions {
  /** Whether there is something open that outside presses should close. */
  active(): boolean;
  close(): void;
}

export class DismissController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #options: DismissOptions;

  constructor(host: ReactiveControllerHost & HTMLElement, options: DismissOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener("pointerdown", this.#onPointerDown);
  }

  hostDisconnected(): void {
    document.removeEventListener("pointerdown", this.#onPointerDown);
  }

  readonly #onPointerDown = (event: PointerEvent): void => {
    if (this.#options.active() && !event.composedPath().includes(this.#host)) this.#options.close();
  };

  /** For the element's focusout: relatedTarget is where focus went. */
  readonly onFocusOut = (event: FocusEvent): void => {
    const next = event.relatedTarget as Node | null;
    const host = this.#host;
    if (this.#options.active() && next && !host.shadowRoot?.contains(next) && !host.contains(next)) this.#options.close();
  };
}
