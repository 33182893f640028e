// Damerau-Levenshtein distance (optimal string alignment: a swap of neighbours is one edit, as typists make it),
// stopping early once the distance must exceed `max`, since only near words matter for typo correction.

export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const x = [...a];
  const y = [...b];
  let prev2: number[] = [];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return Math.min(prev[y.length]!, max + 1);
}

/** Edits a word may carry and still be corrected: none under 4 characters or with digits, two from 8 on. */
export function allowedEdits(word: string): number {
  const length = [...word].length;
  if (length < 4 || /\p{N}/u.test(word)) return 0;
  return length >= 8 ? 2 : 1;
}
