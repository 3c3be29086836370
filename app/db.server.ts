// The database client, where services and the rest of the app import it from (the Remix template's
// name). It lives in db/ with the statements that use it, so db/ never imports back up to here
// (docs/architecture.md#layers-and-folders).
export { default } from "./db/client.server";
export * from "./db/client.server";
