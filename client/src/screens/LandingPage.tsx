import { useNavigate } from 'react-router';
import { Button, Card, Space, Typography } from 'antd';
import { CalculatorOutlined, FileTextOutlined, NotificationOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { Me } from '../api/types';
import { can, canUseSales, storesOf } from '../auth/permissions';
import { useCurrentUser } from '../shell/CurrentUser';

interface QuickAction {
  label: string;
  path: string;
  icon: ReactNode;
  visible: (me: Me) => boolean;
}

/** Spec 01 §2 Landing: Quick Actions, each shown only when the profile allows it. */
const QUICK_ACTIONS: QuickAction[] = [
  { label: 'Sales', path: '/sales', icon: <ShoppingCartOutlined />, visible: canUseSales },
  // The calculator prices a SKU at a store, so it needs a store to price at.
  { label: 'Calc', path: '/sales/calculator', icon: <CalculatorOutlined />, visible: (me) => storesOf(me).length > 0 },
  { label: 'Daily rep', path: '/daily/dailyReport', icon: <FileTextOutlined />, visible: () => true },
  { label: 'Announce', path: '/announcements', icon: <NotificationOutlined />, visible: (me) => can(me, 'Announce') },
];

/** The home page. The dashboard cards of spec 01 §2 come later. */
export function LandingPage() {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const firstName = me.name.trim().split(/\s+/)[0] ?? me.name;
  const actions = QUICK_ACTIONS.filter((action) => action.visible(me));

  return (
    <div className="landing">
      <Typography.Title level={2} className="landing-welcome">
        Welcome, {firstName}
      </Typography.Title>
      {me.storeName && (
        <Typography.Paragraph type="secondary">Your default store is {me.storeName}.</Typography.Paragraph>
      )}
      <Card title="Quick Actions" className="quick-actions" variant="borderless">
        <Space wrap size="middle">
          {actions.map((action) => (
            <Button key={action.path} size="large" icon={action.icon} onClick={() => navigate(action.path)}>
              {action.label}
            </Button>
          ))}
        </Space>
      </Card>
    </div>
  );
}
