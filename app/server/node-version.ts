// The Node.js the app runs on (docs/architecture.md#node-versions): the test suite runs on this
// project's Node 20.19+ machines, but production belongs on Node 22.12+, the oldest line that
// Shopify's packages (@shopify/shopify-api 15, @shopify/shopify-app-remix 6: Node 22+) and
// Shopify CLI (22.12+) support; Node 20 has had no security fixes since its end of life,
// 2026-04-30. A production server on an older Node says so at every boot, and still serves.

/** The oldest Node production should run on. */
export const PRODUCTION_NODE = "22.12.0";

function parts(version: string): number[] | null {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  return match ? match.slice(1, 4).map(Number) : null;
}

function below(version: number[], floor: number[]): boolean {
  for (let i = 0; i < 3; i++) if (version[i] !== floor[i]) return version[i] < floor[i];
  return false;
}

/**
 * The warning a production boot logs on a Node older than PRODUCTION_NODE (`version` as in
 * process.versions.node); null in production on a newer Node, outside production (development,
 * the demo store and the tests run on this project's Node 20 machines), and for a version it
 * cannot read.
 */
export function nodeVersionWarning(version: string, isProduction: boolean): string | null {
  const have = parts(version);
  if (!isProduction || !have || !below(have, parts(PRODUCTION_NODE)!)) return null;
  const endOfLife = have[0] <= 20 ? `; Node ${have[0]} is past its end of life and gets no security fixes` : "";
  return (
    `Node ${version} runs this production server: Shopify's packages and this app support Node ` +
    `${PRODUCTION_NODE}+ in production${endOfLife}. Move to Node 22.12+ (24 LTS recommended); ` +
    "docs/architecture.md#node-versions."
  );
}
