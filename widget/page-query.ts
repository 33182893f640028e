// The results page keeps its query in ?q= so it can be shared and reloaded; replaceState avoids one history entry per key.
export function readPageQuery(): string {
  return new URLSearchParams(location.search).get("q") ?? "";
}

export function writePageQuery(query: string): void {
  const url = new URL(location.href);
  if (query.trim()) url.searchParams.set("q", query.trim());
  else url.searchParams.delete("q");
  history.replaceState(history.state, "", url);
}
