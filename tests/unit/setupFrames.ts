// Unit-test setup (every file of the unit project): in jsdom files, animation frames still pending when the
// file ends are cancelled before jsdom closes its window. Arco's components ask for frames (auto-sizing text
// areas, popups, resize handling); one that fires into the closed window throws "reading '_location'" as an
// unhandled error and fails the whole run, on a loaded machine only. Node-environment files are untouched.
import { afterAll } from 'vitest';

if (typeof window !== 'undefined' && typeof window.requestAnimationFrame === 'function') {
  const pending = new Set<number>();
  const request = window.requestAnimationFrame.bind(window);
  const cancel = window.cancelAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => {
    const id = request((time) => {
      pending.delete(id);
      callback(time);
    });
    pending.add(id);
    return id;
  };
  window.cancelAnimationFrame = (id) => {
    pending.delete(id);
    cancel(id);
  };
  afterAll(() => {
    for (const id of pending) cancel(id);
    pending.clear();
  });
}
