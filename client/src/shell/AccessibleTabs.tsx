import { useLayoutEffect, useRef } from 'react';
import { Tabs, type TabsProps } from 'antd';

/**
 * antd's Tabs, with the tab list marked as the list of tabs. antd puts role="tablist" on the
 * whole bar, which also holds the "more" button it shows when tabs overflow (one tab per store):
 * a tab list holding a plain button is what screen readers and axe refuse (aria-required-children).
 * The bar becomes presentation and its inner list of tabs the tablist; re-applied whenever antd
 * re-renders the bar.
 */
export function AccessibleTabs(props: TabsProps) {
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = holder.current;
    if (!root) return;
    const apply = () => {
      const bar = root.querySelector(':scope > .ant-tabs > .ant-tabs-nav');
      const list = bar?.querySelector('.ant-tabs-nav-list');
      if (!bar || !list) return;
      if (bar.getAttribute('role') !== 'presentation') bar.setAttribute('role', 'presentation');
      if (list.getAttribute('role') !== 'tablist') list.setAttribute('role', 'tablist');
      // The tab list's own attributes (aria-orientation) go with it: a presentation element takes none.
      for (const name of bar.getAttributeNames().filter((n) => n.startsWith('aria-'))) {
        list.setAttribute(name, bar.getAttribute(name)!);
        bar.removeAttribute(name);
      }
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['role', 'aria-orientation'] });
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={holder} className="accessible-tabs">
      <Tabs {...props} />
    </div>
  );
}
