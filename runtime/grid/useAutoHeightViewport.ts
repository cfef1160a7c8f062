// For grid.height "auto" (SPEC §9): the window height and the grid's top, measured once mounted and
// on every resize or fullscreen change, from which height.ts computes the grid's height.
import { useLayoutEffect, useState, type RefObject } from 'react';

export interface Viewport {
  windowHeight: number;
  top: number;
}

/** `remeasure`: a value whose change moves the grid (e.g. the error box above it). */
export function useAutoHeightViewport(auto: boolean, container: RefObject<HTMLElement | null>, remeasure: unknown) {
  const [viewport, setViewport] = useState<Viewport | undefined>(undefined);
  const [fullscreen, setFullscreen] = useState(false);
  useLayoutEffect(() => {
    if (!auto) return;
    const measure = () => {
      const top = container.current?.getBoundingClientRect().top ?? 0;
      setViewport({ windowHeight: window.innerHeight, top });
      setFullscreen(document.fullscreenElement !== null && document.fullscreenElement !== undefined);
    };
    measure();
    window.addEventListener('resize', measure);
    document.addEventListener('fullscreenchange', measure);
    return () => {
      window.removeEventListener('resize', measure);
      document.removeEventListener('fullscreenchange', measure);
    };
  }, [auto, container, remeasure]);
  return { viewport, fullscreen };
}
