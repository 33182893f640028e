// Theme "auto" follows the page the widget sits on before the visitor's OS: a dark site with a light OS gets a dark
// widget. The page says so by a dark or light class or data-theme on <html> or <body>, its `color-scheme`, or, failing
// both, the colour of its background. A page with neither a scheme nor a background is painted white whatever the OS
// (its scheme is `normal`), so it is light; only a page that offers both schemes (`light dark`) and sets no background
// of its own leaves it to prefers-color-scheme.
import type { ReactiveControllerHost } from "lit";

/** The host page's colour scheme, or null when it does not show one. */
export function pageScheme(): string | null {
  const elements = [document.documentElement, document.body].filter(Boolean);
  for (const el of elements) {
    const marks = `${el.getAttribute("class")} ${el.getAttribute("data-theme")} ${el.getAttribute("data-bs-theme")}`;
    const named = /(?:^|[^a-z])(dark|light)(?:[^a-z]|$)/i.exec(marks)?.[1];
    if (named) return named.toLowerCase();
  }
  const declared = getComputedStyle(elements[0]!).colorScheme.replace("only ", "");
  if (declared === "dark" || declared === "light") return declared;
  for (const el of elements.reverse()) {
    const [r, g, b, a = 1] = (getComputedStyle(el).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
    // A plain average of the channels: the colour only has to be told apart from its opposite.
    if (b !== undefined && a > 0.5) return r! + g! + b < 384 ? "dark" : "light";
  }
  return declared.includes("dark") ? null : "light";
}

/** Keeps the host's `data-page-scheme` on the page's scheme as the page, or the OS it may follow, changes. */
export function followPageScheme(host: ReactiveControllerHost & HTMLElement): void {
  const update = () => {
    const scheme = pageScheme();
    if (scheme) host.setAttribute("data-page-scheme", scheme);
    else host.removeAttribute("data-page-scheme");
  };
  const observer = new MutationObserver(update);
  const media = matchMedia("(prefers-color-scheme: dark)");
  host.addController({
    hostConnected() {
      update();
      for (const el of [document.documentElement, document.body]) if (el) observer.observe(el, { attributes: true });
      media.addEventListener("change", update);
    },
    hostDisconnected() {
      observer.disconnect();
      media.removeEventListener("change", update);
    },
  });
}
