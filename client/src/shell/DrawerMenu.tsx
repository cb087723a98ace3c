import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import type { Me } from '../api/types';
import { type MenuEntry, parentKeysOf, selectedEntryKey, visibleMenu } from './menu';
import { MENU_ICONS } from './menuIcons';

interface Props {
  me: Me;
  /** Called after a choice, so the overlay drawer can close. */
  onNavigate?: () => void;
}

type MenuItem = Required<MenuProps>['items'][number];

function toMenuItems(entries: MenuEntry[]): MenuItem[] {
  return entries.map((entry) => ({
    key: entry.key,
    label: entry.label,
    icon: MENU_ICONS[entry.icon],
    children: entry.children ? toMenuItems(entry.children) : undefined,
  }));
}

function findEntry(entries: MenuEntry[], key: string): MenuEntry | undefined {
  for (const entry of entries) {
    if (entry.key === key) return entry;
    const child = entry.children && findEntry(entry.children, key);
    if (child) return child;
  }
  return undefined;
}

/** The left drawer's menu: only the entries the user's access profile allows. */
export function DrawerMenu({ me, onNavigate }: Props) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const entries = useMemo(() => visibleMenu(me), [me]);
  const selected = selectedEntryKey(entries, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => parentKeysOf(entries, selected));

  return (
    <Menu
      mode="inline"
      className="drawer-menu"
      items={toMenuItems(entries)}
      selectedKeys={selected ? [selected] : []}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => {
        const entry = findEntry(entries, key);
        if (entry?.path) void navigate(entry.path);
        onNavigate?.();
      }}
    />
  );
}
