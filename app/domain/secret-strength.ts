/**
 * How strong a production secret is (the app's client secret, the key of the secrets at rest):
 * zxcvbn-ts estimates the guesses an attacker needs, finding repeats, sequences, keyboard
 * patterns, dictionary words and the given public samples. A random 32-hex-digit secret scores
 * about 10^32; anything a person makes up or a pattern scores below 10^20 (docs/decisions/0027-production-refusals-and-framing.md).
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

/** Below 10^20 guesses (about 66 bits) a secret is refused. */
export const MIN_GUESSES_LOG10 = 20;

const estimators = new Map<string, ZxcvbnFactory>();

/** Building the estimator (its dictionaries) is the slow part: one per list of samples. */
function estimatorFor(publicSamples: readonly string[]): ZxcvbnFactory {
  const key = JSON.stringify(publicSamples);
  let estimator = estimators.get(key);
  if (!estimator) {
    estimator = new ZxcvbnFactory({
      dictionary: { ...dictionary, userInputs: [...publicSamples] },
      graphs: adjacencyGraphs,
    });
    estimators.set(key, estimator);
  }
  return estimator;
}

/** Why `secret` is too weak for production, or null when it is strong enough. */
export function secretWeakness(secret: string, publicSamples: readonly string[]): string | null {
  const lowered = secret.toLowerCase();
  const sample = publicSamples.find((value) => value && lowered.includes(value.toLowerCase()));
  if (sample) return `it contains the public sample value "${sample}"`;
  const result = estimatorFor(publicSamples).check(secret);
  if (result.guessesLog10 >= MIN_GUESSES_LOG10) return null;
  const patterns = [...new Set(result.sequence.map((match) => match.pattern).filter((name) => name !== "bruteforce"))];
  return `it is guessable in about 10^${Math.floor(result.guessesLog10)} guesses (${patterns.join(", ") || "too little randomness"}; at least 10^${MIN_GUESSES_LOG10} are needed)`;
}
