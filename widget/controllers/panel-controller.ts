// Opens and closes the element's panel (inline dropdown, modal dialog, chat bubble) and moves focus with it: into the
// dialog or chat input on open, back to where it was on close; the dropdown follows its field only while open.
import { deepActiveElement } from "../active-element.ts";
import type { SiteSearchAttributes } from "../site-search-attributes.ts";
import { PopoverController } from "./popover-controller.ts";

export class PanelController {
  readonly #host: SiteSearchAttributes;
  readonly #popover: PopoverController;
  /** Told on close, before focus returns (the listbox forgets its active option). */
  readonly #onClose: () => void;
  #returnFocus: HTMLElement | undefined;

  constructor(host: SiteSearchAttributes, onClose: () => void) {
    this.#host = host;
    this.#onClose = onClose;
    this.#popover = new PopoverController(host);
  }

  show(): void {
    if (!this.#host.open) this.#host.open = true;
  }

  /** Opens from a trigger (button, hotkey): focus returns there on close. */
  openPanel(): void {
    const host = this.#host;
    this.#returnFocus = deepActiveElement();
    host.open = true;
    if (host.mode === "bubble") void host.updateComplete.then(() => host.renderRoot.querySelector<HTMLElement>(".chat-panel input")?.focus());
  }

  close(): void {
    if (!this.#host.open) return;
    this.#host.open = false;
    this.#onClose();
    const target = this.#returnFocus;
    this.#returnFocus = undefined;
    if (target?.isConnected) target.focus();
  }

  onHotkey(): void {
    if (this.#host.mode === "modal" || this.#host.mode === "bubble") this.openPanel();
    else this.#input()?.focus();
  }

  /** Leaves the conversation for the results, with focus back in the search input. */
  backToResults(): void {
    this.#host.chatOpen = false;
    void this.#host.updateComplete.then(() => this.#input()?.focus());
  }

  /** From the host's updated(): places the dropdown, opens or closes the dialog, keeps the active option in view. */
  updated(openChanged: boolean, activeId: string | undefined): void {
    const { mode, open, renderRoot } = this.#host;
    if (mode === "inline") {
      const input = renderRoot.querySelector<HTMLElement>(".field");
      const popover = renderRoot.querySelector<HTMLElement>(".popover");
      if (open && input && popover) this.#popover.open(input, popover);
      else this.#popover.close();
    }
    if (mode === "modal" && openChanged) {
      const dialog = renderRoot.querySelector("dialog");
      if (open && dialog && !dialog.open) {
        dialog.showModal();
        this.#input()?.focus();
      } else if (!open && dialog?.open) dialog.close();
    }
    renderRoot.querySelector(`#${activeId ?? "none"}`)?.scrollIntoView({ block: "nearest" });
  }

  #input(): HTMLInputElement | null {
    return this.#host.renderRoot.querySelector<HTMLInputElement>("#input");
  }
}
