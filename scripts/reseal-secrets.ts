/**
 * npm run secrets:reseal (docs/security.md#secrets-at-rest)
 *
 * Seals the secrets stored in clear before encryption (Shopify's access tokens, the alert
 * webhook URLs) and seals again with ALERTS_ENCRYPTION_KEY what a key in
 * ALERTS_ENCRYPTION_KEYS_PREVIOUS sealed. Every app process does the same once at start; run
 * this after a key rotation to know when the previous key can be removed (nothing left under
 * it). Safe while the app runs, and to run twice. Exits 1 when values are left whose key is
 * not configured.
 *
 *   npm run secrets:reseal -- --vacuum   then rewrites the tables, so that no old bytes of
 *                                        values once stored in clear are left in the database
 *                                        file (SQLite: stop the app first)
 */
import prisma from "../app/db.server";
import { resealSecretsAtRest, resealSummary, vacuumSecretTables } from "../app/services/secrets-at-rest.server";

async function main() {
  const report = await resealSecretsAtRest();
  console.log(resealSummary(report) ?? "Secrets at rest: every value is sealed with the current key.");
  console.log(JSON.stringify(report));
  if (process.argv.includes("--vacuum")) {
    await vacuumSecretTables();
    console.log("Secrets at rest: the tables were rewritten (VACUUM); no old bytes are left in free space.");
  }
  if (report.sessions.unopenable + report.alertSettings.unopenable > 0) process.exitCode = 1;
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => prisma.$disconnect());
