import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Around a read-only antd table that scrolls sideways (`scroll={{ x }}`): its scrolling box becomes
 * a named, focusable region, so a keyboard user can tab to it and scroll with the arrow keys. A
 * table with no focusable cell (no buttons or inputs) cannot be scrolled without a mouse otherwise
 * (axe: scrollable-region-focusable, serious). antd renders that box itself, so it is marked after
 * each render: the table may mount it later (e.g. once its rows arrive).
 */
export function KeyboardScroll({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelectorAll('.ant-table-content').forEach((box) => {
      box.setAttribute('tabindex', '0');
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', label);
    });
  });
  return <div ref={ref}>{children}</div>;
}
