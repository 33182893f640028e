// Finds the fragment id each heading can be linked by, and stamps it (with the heading's level) onto the heading
// as data attributes, because Readability renames h1 to h2 and keeps data attributes but not the page's structure.
export const HEADINGS = "h1, h2, h3, h4, h5, h6";
export const ANCHOR_ATTR = "data-ss-anchor";
export const LEVEL_ATTR = "data-ss-level";

const idOf = (el: Element | null | undefined): string | null => {
  const id = (el?.getAttribute("id") || (el?.localName === "a" ? el.getAttribute("name") : null) || "").trim();
  return id || null;
};

/** An element that marks a spot without showing anything, like httpd's `<a name="foo"></a>` placed before a heading. */
const isEmptyMarker = (el: Element | null): boolean => !!el && !el.firstElementChild && (el.textContent ?? "").trim() === "" && idOf(el) !== null;

/** The id of a container that this heading opens (Sphinx's `<section id>`, `<div class="section" id>`), walking up while the heading comes first. */
function openedContainerId(heading: Element): string | null {
  let child: Element = heading;
  for (let parent = heading.parentElement; parent && parent.localName !== "body"; parent = parent.parentElement) {
    if (parent.firstElementChild !== child) return null;
    const id = /^(section|div|article)$/.test(parent.localName) ? idOf(parent) : null;
    if (id) return id;
    child = parent;
  }
  return null;
}

export function headingAnchor(heading: Element): string | null {
  return (
    idOf(heading) ??
    idOf(heading.querySelector("a[name], [id]")) ??
    (isEmptyMarker(heading.previousElementSibling) ? idOf(heading.previousElementSibling) : null) ??
    openedContainerId(heading)
  );
}

export function stampHeadings(doc: Document): void {
  for (const heading of doc.querySelectorAll(HEADINGS)) {
    const anchor = headingAnchor(heading);
    if (anchor) heading.setAttribute(ANCHOR_ATTR, anchor);
    heading.setAttribute(LEVEL_ATTR, heading.localName.slice(1));
  }
}
