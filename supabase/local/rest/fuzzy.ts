/**
 * "Perhaps you meant …" suggestions. PostgREST uses Data.FuzzySet, which ranks candidates by
 * normalised Levenshtein similarity (1 − distance / longer length) on lower-cased text; this
 * is the same score without the n-gram prefilter.
 */

/** Longer inputs cannot name a Postgres object (63-byte identifiers), so they get no hint. */
const MAX_INPUT_LENGTH = 256;

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

export function similarity(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  const longest = Math.max(left.length, right.length);
  return longest === 0 ? 1 : 1 - levenshtein(left, right) / longest;
}

/** The most similar candidate scoring at least `minScore` (ties: the first), if any. */
export function closest(
  candidates: Iterable<string>,
  input: string,
  minScore: number,
  accept: (score: number) => boolean = () => true,
): string | undefined {
  if (input.length > MAX_INPUT_LENGTH) return undefined;
  let best: string | undefined;
  let bestScore = minScore;
  for (const candidate of candidates) {
    if (candidate.length > MAX_INPUT_LENGTH) continue;
    const score = similarity(candidate, input);
    if (score >= bestScore && accept(score) && (best === undefined || score > bestScore)) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
