import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Drawer } from 'antd';
import { useAppName, useMe } from '../api/hooks';
import type { Me } from '../api/types';
import { usersResource } from '../resources/users';
import { allows, screenAt } from '../screenRegistry';
import { CurrentUserContext } from './CurrentUser';
import { DrawerMenu } from './DrawerMenu';
import { TopBar } from './TopBar';
import { useViewport } from './useViewport';

/** The menu's width: its longest entry ('Revenue reconciliation') whole, and no more (the lists need the room). */
const DRAWER_WIDTH = 216;

/** The profile dialog's form code is downloaded when it first opens, not with the first page (issue 14). */
const RecordDialog = lazy(async () => ({ default: (await import('../record/RecordDialog')).RecordDialog }));

/** Top bar, left drawer and the routed screen, for a signed-in user. */
export function Shell({ me }: { me: Me }) {
  const viewport = useViewport();
  const appName = useAppName();
  const { mutate: refreshMe } = useMe();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const { pathname } = useLocation();

  // The browser tab names the screen, then the app (the registry's title; none on 'Page not found').
  const screen = screenAt(pathname);
  const title = screen && allows(me, screen.access) ? screen.title : undefined;
  useEffect(() => {
    if (appName) document.title = title ? `${title} – ${appName}` : appName;
  }, [appName, title]);
  // The overlay drawer closes whenever the route changes.
  useEffect(() => setDrawerOpen(false), [pathname]);

  return (
    <CurrentUserContext.Provider value={me}>
      <div className="shell">
        <TopBar
          me={me}
          appName={appName}
          viewport={viewport}
          onToggleDrawer={() => setDrawerOpen((open) => !open)}
          onOpenProfile={() => setProfileOpen(true)}
        />
        <div className="shell-body">
          {viewport.isDesktop ? (
            <nav className="shell-drawer" style={{ width: DRAWER_WIDTH }} aria-label="Main menu">
              <DrawerMenu me={me} />
            </nav>
          ) : (
            <Drawer
              placement="left"
              width={DRAWER_WIDTH}
              open={drawerOpen}
              onClose={() => setDrawerOpen(false)}
              title={appName}
              className="shell-drawer-overlay"
              styles={{ body: { padding: 0 } }}
            >
              <nav aria-label="Main menu">
                <DrawerMenu me={me} onNavigate={() => setDrawerOpen(false)} />
              </nav>
            </Drawer>
          )}
          <main className="shell-content">
            <Outlet />
          </main>
        </div>
        {profileOpen && (
          <Suspense>
            <RecordDialog
              resource={usersResource('all')}
              mode="update"
              id={me.userID}
              title="Profile"
              onClose={() => setProfileOpen(false)}
              onSaved={() => void refreshMe()}
            />
          </Suspense>
        )}
      </div>
    </CurrentUserContext.Provider>
  );
}
