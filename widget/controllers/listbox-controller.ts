// WAI-ARIA combobox keyboard model: focus stays in the input, aria-activedescendant moves through the listbox options.
import type { ReactiveController, ReactiveControllerHost } from "lit";

export interface ListboxControllerOptions {
  /** Number of options currently rendered. */
  count(): number;
  /** Enter on the active option. */
  activate(index: number): void;
  /** Escape: close first, clear the query on the next press; returns true when it handled the key. */
  escape(): boolean;
  /** Arrow keys open a closed listbox, as the APG combobox example does. */
  open?(): void;
  /** Enter with no option active: the visitor wants the full answer for what they typed, now. */
  submit?(): void;
}

export class ListboxController implements ReactiveController {
  /** -1 means no option is active and Enter does nothing special. */
  activeIndex = -1;
  readonly #host: ReactiveControllerHost;
  readonly #options: ListboxControllerOptions;

  constructor(host: ReactiveControllerHost, options: ListboxControllerOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {}

  reset(): void {
    if (this.activeIndex === -1) return;
    this.activeIndex = -1;
    this.#host.requestUpdate();
  }

  setActive(index: number): void {
    const count = this.#options.count();
    const next = count === 0 ? -1 : Math.max(-1, Math.min(index, count - 1));
    if (next === this.activeIndex) return;
    this.activeIndex = next;
    this.#host.requestUpdate();
  }

  /** Keydown handler for the combobox input. */
  readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.isComposing) return;
    const count = this.#options.count();
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        this.#options.open?.();
        // Wraps, so the listbox can be circled with one key.
        this.setActive(this.activeIndex + 1 >= count ? 0 : this.activeIndex + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        this.#options.open?.();
        this.setActive(this.activeIndex <= 0 ? count - 1 : this.activeIndex - 1);
        break;
      case "Home":
      case "End":
        // Home/End only move in the listbox when one option is active; otherwise they stay text-editing keys.
        if (this.activeIndex < 0 || count === 0) return;
        event.preventDefault();
        this.setActive(event.key === "Home" ? 0 : count - 1);
        break;
      case "Enter":
        if (this.activeIndex < 0) {
          this.#options.submit?.();
          return;
        }
        event.preventDefault();
        this.#options.activate(this.activeIndex);
        break;
      case "Escape":
        if (this.#options.escape()) {
          event.preventDefault();
          event.stopPropagation();
        }
        break;
    }
  };
}
