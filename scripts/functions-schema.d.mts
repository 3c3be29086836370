export const EXTENSIONS_DIR: string;
export interface FunctionExtension {
  /** the extension's folder */
  dir: string;
  name: string;
  /** api_version in its shopify.extension.toml */
  version: string;
  /** the published Function API of its target: "discount", "cart_checkout_validation", ... */
  api: string;
  /** the pinned schema's name in schemas/shopify/ */
  schemaName: string;
}
export function functionExtensions(): FunctionExtension[];
export function expectedSchema(extension: FunctionExtension): Promise<string>;
export function expectedTypes(extension: FunctionExtension, sdl: string): Promise<{ file: string; text: string }>;
export function expectedFiles(): Promise<{ file: string; text: string }[]>;
