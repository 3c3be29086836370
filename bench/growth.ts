/** How a cost grows from one size to the next: the exponent k in cost ∝ size^k. */
export function growth(smallCost: number, largeCost: number, smallSize: number, largeSize: number) {
  const k = Math.log(largeCost / smallCost) / Math.log(largeSize / smallSize);
  // log(size) grows by only 1.2× from 100k to 1M (k ≈ 0.08): flat and log cannot be told apart
  const shape = k < 0.15 ? "flat (or log)" : k < 0.7 ? "sublinear" : k < 1.3 ? "linear" : "worse than linear";
  return { k, shape };
}
