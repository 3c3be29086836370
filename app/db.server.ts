// The database client, where services and the rest of the app import it from (the Remix template's
// name). It lives in db/ with the statements that use it, so db/ never imports back up to here
// (docs/decisions/0034-layers-and-their-edges.md).
export { default } from "./db/client.server";
export * from "./db/client.server";
