// The room glide's horizontal scroll bar takes from the grid (offsetHeight − clientHeight of its
// scroller): 0 where scroll bars overlay the content or nothing overflows sideways. A fitted grid adds it
// so that its rows and footer stay above the bar. A classic bar that appears when columns start to
// overflow does not resize the grid's box, and glide keeps its old client height until the box changes;
// so it is measured after every change of rows or widths and whenever the grid's box resizes.
import { useLayoutEffect, useState, type RefObject } from 'react';

export function useHorizontalScrollbar(containerRef: RefObject<HTMLElement | null>, layoutKey: string): number {
  const [bar, setBar] = useState(0);
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const scroller = container.querySelector<HTMLElement>('.dvn-scroller');
        if (!scroller) return;
        setBar(scroller.scrollWidth > scroller.clientWidth ? Math.max(0, scroller.offsetHeight - scroller.clientHeight) : 0);
      });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [containerRef, layoutKey]);
  return bar;
}
