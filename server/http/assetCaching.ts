// How long a browser may keep a file of the front-end build. Vite names every file under assets/ after
// its content hash, so such a file never changes: a year, immutable (no revalidation on reload). Pages
// (index.html, designer/index.html) and unhashed files name the current build: revalidated every time.
export function cacheControlFor(relativePath: string): string {
  const path = relativePath.split('\\').join('/');
  return path.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}
