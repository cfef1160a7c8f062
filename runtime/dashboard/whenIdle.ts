// Work that can wait for the browser to be idle: a home's charts load and draw after the page the user
// is opening (the first list after sign-in) instead of competing with it for the main thread.
// The timeout bounds the wait on a page that never goes idle.
export function whenIdle(work: () => void, timeoutMs = 1500): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 50);
  return () => clearTimeout(id);
}
