import { AppProvider } from "@shopify/shopify-app-remix/react";

/** Polaris with Remix links, without App Bridge: marketing pages, error and auth screens. */
export function StandaloneProvider({ children }: { children: React.ReactNode }) {
  return (
    <AppProvider isEmbeddedApp={false} apiKey="">
      {children}
    </AppProvider>
  );
}
