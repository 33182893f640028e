// A count with its noun: "1 site", "3 sites", never "1 site(s)".

/** `count` and the noun, singular for exactly one; `plural` defaults to the noun with an s. */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString("en")} ${count === 1 ? noun : plural}`;
}
