/** the median of the finite values (the mean of the middle two for an even count), `empty` when there are none */
export function median(xs: number[], empty = Number.NaN): number {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return empty;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}
