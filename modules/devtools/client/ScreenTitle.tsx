import type { ReactNode } from 'react';

/** The heading every developer tools screen starts with. */
export function ScreenTitle({ children, extra }: { children: ReactNode; extra?: ReactNode }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, margin: '0 0 12px' }}>
      <h2 style={{ fontSize: 18, fontWeight: 600, margin: 0 }}>{children}</h2>
      {extra}
    </div>
  );
}
