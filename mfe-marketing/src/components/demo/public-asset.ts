declare const __webpack_public_path__: string | undefined;

/**
 * The absolute URL of a file in this remote's public folder. The bundler's public path is where
 * this remote's own files came from (`assetPrefix: 'auto'`), so inside the shell it is the remote's
 * versioned path, and running alone it is the remote's own origin.
 */
export function publicAssetUrl(
  path: string,
  base: string = typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '/',
): string {
  return new URL(path, new URL(base, document.baseURI)).href;
}
