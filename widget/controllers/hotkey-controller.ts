// Page-wide shortcuts: Ctrl+K / ⌘K always, "/" only when the visitor is not typing somewhere.
import type { ReactiveController, ReactiveControllerHost } from "lit";

export interface HotkeyOptions {
  /** Letter used with Ctrl/⌘; an empty string turns every shortcut off, "/" included. */
  key(): string;
  onHotkey(): void;
}

export function isTypingTarget(target: EventTarget | undefined): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

export class HotkeyController implements ReactiveController {
  readonly #options: HotkeyOptions;

  constructor(host: ReactiveControllerHost, options: HotkeyOptions) {
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener("keydown", this.#onKeyDown);
  }

  hostDisconnected(): void {
    document.removeEventListener("keydown", this.#onKeyDown);
  }

  readonly #onKeyDown = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || event.isComposing) return;
    const key = this.#options.key().toLowerCase();
    if (!key) return;
    const withModifier = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === key;
    // composedPath()[0] sees through shadow roots, where event.target would be the retargeted host.
    const slash = event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingTarget(event.composedPath()[0]);
    if (!withModifier && !slash) return;
    event.preventDefault();
    this.#options.onHotkey();
  };
}
