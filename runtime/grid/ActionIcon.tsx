// The DOM twin of the canvas button icon (icons.ts): operate buttons draw an action's iconClass with the
// same outline the button cells stroke on canvas.
import { ICON_STROKE, ICON_VIEW_BOX, iconPath } from './icons.js';

export function ActionIcon({ iconClass, size = 14 }: { iconClass: string | undefined; size?: number }) {
  const d = iconPath(iconClass);
  if (!d) return null;
  return (
    <svg
      data-icon={iconClass}
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox={`0 0 ${ICON_VIEW_BOX} ${ICON_VIEW_BOX}`}
      fill="none"
      stroke="currentColor"
      strokeWidth={ICON_STROKE}
      style={{ verticalAlign: '-2px', marginRight: 2 }}
    >
      <path d={d} />
    </svg>
  );
}
