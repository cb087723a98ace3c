import { CustomerServiceOutlined, InfoCircleOutlined, PictureOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { can } from '../../auth/permissions';
import type { MenuEntry } from '../../shell/menu';

/** Customisation, in the System setup submenu (UserSetup; spec 01 §6, spec 02 §6). */
export const CUSTOMISATION_MENU_ENTRY: MenuEntry = {
  key: 'customisation',
  label: 'Customisation',
  icon: <PictureOutlined />,
  path: '/data/customisation',
  visible: (me) => can(me, 'UserSetup'),
};

/** The About submenu, for everyone (spec 01 §2 Shell, spec 02 §2.7). */
export const ABOUT_MENU: MenuEntry = {
  key: 'about',
  label: 'About',
  icon: <InfoCircleOutlined />,
  children: [
    { key: 'licences', label: 'Licences', icon: <SafetyCertificateOutlined />, path: '/about/licences' },
    { key: 'support', label: 'Support', icon: <CustomerServiceOutlined />, path: '/about/support' },
  ],
};
