/// <reference types="@remix-run/dev" />
import "@remix-run/node";

// Single fetch is on (remix.config.js), so loaders' data types follow it.
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

// What server.js hands every loader and action (app/http/client-address.ts).
declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    clientAddress?: string;
  }
}
