// Reads tables and definition lists as sentences a visitor can quote ("Syntax: … · Default: …"): cells joined
// by pipes read as scaffolding in snippets and answers, and markdown escaping turns them into "\|".
const collapse = (s: string) => s.replace(/\s+/g, " ").trim();
/** Keeps a label's own colon, adds one otherwise, so "Syntax:" and "Syntax" both read "Syntax: value". */
const labelled = (label: string, value: string) => (label ? `${label.replace(/\s*:$/, "")}: ${value}` : value);
const SEP = " · ";

const cellsOf = (row: Element) => {
  const cells: Element[] = [];
  for (let cell = row.firstElementChild; cell; cell = cell.nextElementSibling) if (cell.localName === "td" || cell.localName === "th") cells.push(cell);
  return cells;
};

function rowsOf(table: Element): Element[] {
  const rows: Element[] = [];
  for (let child = table.firstElementChild; child; child = child.nextElementSibling) {
    if (child.localName === "tr") rows.push(child);
    else if (["thead", "tbody", "tfoot"].includes(child.localName))
      for (let r = child.firstElementChild; r; r = r.nextElementSibling) if (r.localName === "tr") rows.push(r);
  }
  return rows;
}

/**
 * One line per data row, "Header: value · Header: value"; a key/value table (a th then a td on every row, as
 * httpd's directive summaries) becomes one line of "Key: value" pairs, since together they describe one thing.
 */
export function tableLines(table: Element): string[] {
  const rows = rowsOf(table).map((row) => cellsOf(row).map((cell) => ({ head: cell.localName === "th", text: collapse(cell.textContent ?? "") })));
  const filled = rows.filter((cells) => cells.some((c) => c.text));
  if (!filled.length) return [];
  if (filled.every((cells) => cells.length === 2 && cells[0]!.head && !cells[1]!.head)) {
    return [
      filled
        .filter((c) => c[1]!.text)
        .map(([key, value]) => labelled(key!.text, value!.text))
        .join(SEP),
    ];
  }
  const [first, ...rest] = filled;
  const header = first!.every((c) => c.head) && rest.length ? first!.map((c) => c.text) : null;
  return (header ? rest : filled)
    .map((cells) =>
      cells
        .filter((c) => c.text)
        .map((c) => labelled(header?.[cells.indexOf(c)] ?? "", c.text))
        .join(SEP),
    )
    .filter(Boolean);
}

/** One line per term: "Term: definition" (several terms or definitions of one entry are joined). */
export function definitionLines(list: Element): string[] {
  const lines: string[] = [];
  let terms: string[] = [];
  let defs: string[] = [];
  const emit = () => {
    if (terms.length || defs.length) lines.push(labelled(terms.join(", "), defs.join(" ")).trim());
    terms = [];
    defs = [];
  };
  for (let child = list.firstElementChild; child; child = child.nextElementSibling) {
    // HTML allows <div> wrappers around each dt/dd group.
    const items = child.localName === "div" ? [...child.children] : [child];
    for (const item of items) {
      const text = collapse(item.textContent ?? "");
      if (item.localName === "dt") {
        if (defs.length) emit();
        if (text) terms.push(text);
      } else if (item.localName === "dd" && text) defs.push(text);
    }
  }
  emit();
  return lines.filter(Boolean);
}
