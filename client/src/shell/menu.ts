import type { Me } from '../api/types';
import { MENU_GROUPS, type MenuGroupKey, SCREEN_LIST, type Screen, allows } from '../screenRegistry';
import type { MenuIconName } from './menuIcons';

/** One drawer entry: a screen, or a submenu of them. */
export interface MenuEntry {
  key: string;
  label: string;
  icon: MenuIconName;
  /** Route for a leaf; a submenu has children instead. */
  path?: string;
  children?: MenuEntry[];
}

/** Where a screen's menu entry leads: its first path, without a trailing splat ('/daily/*' is '/daily'). */
export function menuPathOf(screen: Screen): string {
  return screen.paths[0].replace(/\/\*$/, '') || '/';
}

/**
 * The drawer menu this user sees, derived from the screen registry: the screens they may open
 * that have a menu place and that the menu offers them, each submenu among the top-level entries
 * by its order, and only when one of its screens shows.
 */
export function visibleMenu(me: Me, screens: Screen[] = SCREEN_LIST): MenuEntry[] {
  const shown = screens.flatMap((screen) =>
    screen.menu && allows(me, screen.access) && allows(me, screen.menu.visible) ? [{ screen, menu: screen.menu }] : [],
  );
  const placedIn = (parent: MenuGroupKey | undefined): Placed[] =>
    shown
      .filter(({ menu }) => menu.parent === parent)
      .map(({ screen, menu }) => ({ order: menu.order, entry: { key: screen.id, label: screen.title, icon: menu.icon, path: menuPathOf(screen) } }));
  const groups = (Object.keys(MENU_GROUPS) as MenuGroupKey[]).map((key): Placed => {
    const { label, icon, order } = MENU_GROUPS[key];
    return { order, entry: { key, label, icon, children: byOrder(placedIn(key)) } };
  });
  return byOrder([...placedIn(undefined), ...groups.filter(({ entry }) => entry.children?.length)]);
}

interface Placed {
  order: number;
  entry: MenuEntry;
}

function byOrder(placed: Placed[]): MenuEntry[] {
  return [...placed].sort((a, b) => a.order - b.order).map(({ entry }) => entry);
}

/** The entry whose path is the longest prefix of the current path (so /data/users/inactive is Users). */
export function selectedEntryKey(entries: MenuEntry[], pathname: string): string | undefined {
  let best: { key: string; length: number } | undefined;
  const visit = (list: MenuEntry[]) => {
    for (const entry of list) {
      if (entry.children) visit(entry.children);
      if (!entry.path) continue;
      const matches = entry.path === '/' ? pathname === '/' : pathname === entry.path || pathname.startsWith(`${entry.path}/`);
      if (matches && (!best || entry.path.length > best.length)) best = { key: entry.key, length: entry.path.length };
    }
  };
  visit(entries);
  return best?.key;
}

/** Keys of the submenus holding the given entry, to open them. */
export function parentKeysOf(entries: MenuEntry[], key: string | undefined): string[] {
  if (!key) return [];
  return entries.filter((entry) => entry.children?.some((child) => child.key === key)).map((entry) => entry.key);
}
