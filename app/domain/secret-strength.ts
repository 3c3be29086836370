/**
 * How strong a production secret is (the app's client secret, the key of the secrets at rest):
 * zxcvbn-ts estimates the guesses an attacker needs, finding repeats, sequences, keyboard
 * patterns, dictionary words and the given public samples. A random 32-hex-digit secret scores
 * about 10^32; anything a person makes up or a pattern scores below 10^20 (docs/security.md#production-settings-that-must-be-set).
 */
import { createRequire } from "node:module";
import type * as Core from "@zxcvbn-ts/core";
import type * as Common from "@zxcvbn-ts/language-common";

// Loaded on first use: only a production boot judges secrets, and the dictionaries cost every
// other process (the demo, each test file) about 90 ms to import.
const load = createRequire(import.meta.url);

/** Below 10^20 guesses (about 66 bits) a secret is refused. */
export const MIN_GUESSES_LOG10 = 20;

const estimators = new Map<string, Core.ZxcvbnFactory>();

/** Building the estimator (its dictionaries) is the slow part: one per list of samples. */
function estimatorFor(publicSamples: readonly string[]): Core.ZxcvbnFactory {
  const key = JSON.stringify(publicSamples);
  let estimator = estimators.get(key);
  if (!estimator) {
    const { ZxcvbnFactory } = load("@zxcvbn-ts/core") as typeof Core;
    const { adjacencyGraphs, dictionary } = load("@zxcvbn-ts/language-common") as typeof Common;
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
