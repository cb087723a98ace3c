import type { ReactNode } from 'react';
import { Typography } from 'antd';

/**
 * A screen's title: its one h1 (issue 26), the first thing of the screen, above its tabs and
 * toolbars, so a screen reader's list of headings starts with where the user is. Every screen
 * shows exactly one; the list screen draws it for the screens built on it (ListScreen `title`).
 * `extra` sits on the same line, at the end (a back link, a picker).
 */
export function PageTitle({ children, extra, className }: { children: ReactNode; extra?: ReactNode; className?: string }) {
  return (
    <div className={`page-title-row${className ? ` ${className}` : ''}`}>
      <Typography.Title level={1} className="page-title">
        {children}
      </Typography.Title>
      {extra}
    </div>
  );
}
