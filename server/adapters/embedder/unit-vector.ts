// Scales a vector to length 1, so cosine similarity is a plain dot product in the vector store.
export function unitVector(vector: number[]): number[] {
  let sum = 0;
  for (const x of vector) sum += x * x;
  // A zero vector has no direction; it is kept rather than turned into NaNs.
  if (sum === 0) return vector;
  const scale = 1 / Math.sqrt(sum);
  return vector.map((x) => x * scale);
}
