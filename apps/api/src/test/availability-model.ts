/**
 * The availability reference model a child could check: a list of live stays, and "free =
 * stock − the most units live stays use on any night". Days are counted from an origin (0 =
 * the tests' today); a stay occupies the nights [start, start + nights).
 */
export interface ModelStay {
  start: number;
  nights: number;
  quantity: number;
  live: boolean;
}

export function modelFree(
  stock: number,
  stays: readonly ModelStay[],
  start: number,
  nights: number,
): number {
  let most = 0;
  for (let night = start; night < start + nights; night++) {
    const used = stays
      .filter((s) => s.live && s.start <= night && night < s.start + s.nights)
      .reduce((sum, s) => sum + s.quantity, 0);
    most = Math.max(most, used);
  }
  return stock - most;
}
