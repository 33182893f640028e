// CSV export of a table, made in the browser from data already loaded (RFC 4180 quoting; cells that a
// spreadsheet would run as a formula are prefixed with a quote).
const cell = (value: string | number): string => {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export function toCsv(header: string[], rows: Array<Array<string | number>>): string {
  return `${[header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}

export function downloadCsv(filename: string, header: string[], rows: Array<Array<string | number>>): void {
  const url = URL.createObjectURL(new Blob([toCsv(header, rows)], { type: "text/csv;charset=utf-8" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
