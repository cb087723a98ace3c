import type { ReactNode } from 'react';
import {
  AimOutlined,
  ApartmentOutlined,
  AuditOutlined,
  BarcodeOutlined,
  CalendarOutlined,
  CustomerServiceOutlined,
  DollarOutlined,
  FieldTimeOutlined,
  FormOutlined,
  HomeOutlined,
  InfoCircleOutlined,
  LineChartOutlined,
  NotificationOutlined,
  PercentageOutlined,
  PictureOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
  TrophyOutlined,
} from '@ant-design/icons';

/**
 * The drawer's icons, named in the screen registry by their antd name: the registry is part of
 * the boot (it picks the first URL's screen code) and the icons are not, they come with the shell.
 */
export const MENU_ICONS = {
  AimOutlined: <AimOutlined />,
  ApartmentOutlined: <ApartmentOutlined />,
  AuditOutlined: <AuditOutlined />,
  BarcodeOutlined: <BarcodeOutlined />,
  CalendarOutlined: <CalendarOutlined />,
  CustomerServiceOutlined: <CustomerServiceOutlined />,
  DollarOutlined: <DollarOutlined />,
  FieldTimeOutlined: <FieldTimeOutlined />,
  FormOutlined: <FormOutlined />,
  HomeOutlined: <HomeOutlined />,
  InfoCircleOutlined: <InfoCircleOutlined />,
  LineChartOutlined: <LineChartOutlined />,
  NotificationOutlined: <NotificationOutlined />,
  PercentageOutlined: <PercentageOutlined />,
  PictureOutlined: <PictureOutlined />,
  ProfileOutlined: <ProfileOutlined />,
  SafetyCertificateOutlined: <SafetyCertificateOutlined />,
  SafetyOutlined: <SafetyOutlined />,
  ScheduleOutlined: <ScheduleOutlined />,
  SettingOutlined: <SettingOutlined />,
  ShopOutlined: <ShopOutlined />,
  TagsOutlined: <TagsOutlined />,
  TeamOutlined: <TeamOutlined />,
  TrophyOutlined: <TrophyOutlined />,
} satisfies Record<string, ReactNode>;

export type MenuIconName = keyof typeof MENU_ICONS;
