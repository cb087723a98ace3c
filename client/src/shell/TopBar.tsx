import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Dropdown } from 'antd';
import { LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import type { Me } from '../api/types';
import { deleteToken } from '../api/token';
import { FIRST_PAINT } from '../firstPaint';
import { initialsOf } from '../format/format';
import { useBrandingImage } from '../screens/customisation/branding';
import type { Viewport } from './useViewport';

interface Props {
  me: Me;
  appName?: string;
  viewport: Viewport;
  onToggleDrawer: () => void;
  onOpenProfile: () => void;
}

function logOut() {
  deleteToken();
  window.location.assign('/');
}

/** Logo (or app name) linking home, the drawer toggle on narrow screens, and the user menu. */
export function TopBar({ me, appName, viewport, onToggleDrawer, onOpenProfile }: Props) {
  const { src: logo } = useBrandingImage('logo');
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  // Below 800 px there is no room for a logo image; the app name still links home.
  const showLogoImage = !!logo && logo !== failedLogo && viewport.atLeastMd;

  return (
    <header className="top-bar">
      {!viewport.isDesktop && <Button type="text" className="top-bar-toggle" icon={<MenuOutlined />} aria-label="Show menu" onClick={onToggleDrawer} />}
      <Link to="/" className="top-bar-home" aria-label="Home">
        {showLogoImage ? (
          <img src={logo} alt={appName ?? 'Logo'} className="top-bar-logo" onError={() => setFailedLogo(logo)} />
        ) : (
          // Nothing while the logo is being looked for, so the name does not flash before it; unless
          // the server's first paint said there is none (and drew the name already).
          (logo !== undefined || FIRST_PAINT.named) && <span className="top-bar-app-name">{appName ?? FIRST_PAINT.appName ?? ''}</span>
        )}
      </Link>
      <div className="top-bar-spacer" />
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            { key: 'profile', label: 'Profile', icon: <UserOutlined /> },
            { type: 'divider' },
            { key: 'logout', label: 'Log out', icon: <LogoutOutlined /> },
          ],
          onClick: ({ key }) => (key === 'profile' ? onOpenProfile() : logOut()),
        }}
      >
        <button type="button" className="top-bar-user" aria-label={`User menu for ${me.name}`}>
          {/* Plain elements styled as antd's ellipsis text and avatar (styles.css): on every screen, and
              antd's measure themselves in the first commit (a phone's longest tasks, issue 26). */}
          {viewport.atLeastSm && (
            <span className="top-bar-user-name" title={me.name}>
              {me.name}
            </span>
          )}
          <span className="top-bar-avatar" aria-hidden="true">
            {initialsOf(me.name)}
          </span>
        </button>
      </Dropdown>
    </header>
  );
}
