// The typo'd variant of a query set for bench:relevance: one word per query (of 4+ letters, no digits, so one a
// visitor's typo could hit and the search may correct) corrupted by one edit (swap, drop, double or replace a letter),
// chosen by a seeded generator so every run and every engine gets the same typos.

import { seeded } from "./beir-dataset.ts";

const letters = "abcdefghijklmnopqrstuvwxyz";

export function corruptWord(word: string, random: () => number): string {
  const i = 1 + Math.floor(random() * (word.length - 2)); // never the first letter: typists rarely miss it
  const kind = Math.floor(random() * 4);
  if (kind === 0) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  if (kind === 1) return word.slice(0, i) + word.slice(i + 1);
  if (kind === 2) return word.slice(0, i) + word[i] + word.slice(i);
  let c = letters[Math.floor(random() * letters.length)]!;
  if (c === word[i]) c = c === "z" ? "a" : String.fromCharCode(c.charCodeAt(0) + 1);
  return word.slice(0, i) + c + word.slice(i + 1);
}

/** Each query with one eligible word corrupted; a query without one is kept as it is. */
export function typoQueries<Q extends { text: string }>(queries: Q[], seed: number): Q[] {
  const random = seeded(seed);
  return queries.map((q) => {
    const words = [...q.text.matchAll(/[A-Za-z]{4,}/g)].filter((m) => !/\d/.test(m[0]));
    if (words.length === 0) return q;
    const pick = words[Math.floor(random() * words.length)]!;
    const typo = corruptWord(pick[0].toLowerCase(), random);
    return { ...q, text: q.text.slice(0, pick.index) + typo + q.text.slice(pick.index! + pick[0].length) };
  });
}
