// Tables of class "cards" turn into one card per row on a phone (page-styles.ts): each cell is labelled with its
// column's heading, copied here from the table's own <th>s so the heading is written once. A cell holding only
// buttons goes unlabelled, so its buttons get the card's whole width.
const onlyButtons = (cell: Element): boolean => {
  const buttons = [...cell.querySelectorAll("sl-button")];
  return buttons.length > 0 && buttons.reduce((text, b) => text.replace(b.textContent ?? "", ""), cell.textContent ?? "").trim() === "";
};

export function labelCells(root: ParentNode): void {
  for (const table of root.querySelectorAll("table.cards")) {
    const headings = [...table.querySelectorAll("thead th")].map((th) => th.textContent?.trim() ?? "");
    for (const row of table.querySelectorAll("tbody tr")) {
      for (const [i, cell] of [...row.children].entries()) cell.setAttribute("data-label", onlyButtons(cell) ? "" : (headings[i] ?? ""));
    }
  }
}
