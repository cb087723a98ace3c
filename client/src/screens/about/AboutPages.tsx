import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Card, Descriptions, Skeleton, Typography } from 'antd';
import { CustomerServiceOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { PageTitle } from '../../shell/PageTitle';
import { type About, useAbout } from './useAbout';
import './about.css';

function AboutCard({ title, icon, children }: { title: string; icon: ReactNode; children: (about: About) => ReactNode }) {
  const { about, error } = useAbout();
  return (
    <Card
      variant="borderless"
      className="about-card"
      title={
        <PageTitle>
          {icon} {title}
        </PageTitle>
      }
    >
      {error ? (
        <Alert type="error" showIcon message="The details could not be loaded. Please try again later." />
      ) : about ? (
        children(about)
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      )}
    </Card>
  );
}

/** /about/licences (spec 02 §2.7): the licence code and name, with a link to support. */
export function LicencesPage() {
  return (
    <AboutCard title="Licences" icon={<SafetyCertificateOutlined />}>
      {(about) => (
        <>
          <Descriptions column={1} bordered size="middle" className="about-details">
            <Descriptions.Item label="Product">{about.appName}</Descriptions.Item>
            <Descriptions.Item label="Licence code">{about.licence}</Descriptions.Item>
            <Descriptions.Item label="Licensed to">{about.licenceName}</Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph className="about-after-details">
            For questions about your licence, or to change it, <Link to="/about/support">contact support</Link>.
          </Typography.Paragraph>
        </>
      )}
    </AboutCard>
  );
}

/**
 * /about/support (spec 02 §2.7): how to reach support, what is not supported,
 * what is chargeable, and how data is backed up.
 */
export function SupportPage() {
  return (
    <AboutCard title="Support" icon={<CustomerServiceOutlined />}>
      {(about) => (
        <>
          <Descriptions column={1} bordered size="middle" className="about-details">
            <Descriptions.Item label="Email">
              <a href={`mailto:${about.supportEmail}`}>{about.supportEmail}</a>
            </Descriptions.Item>
            <Descriptions.Item label="Telephone support">
              <a href={`tel:${about.supportTelephone.replace(/[^\d+]/g, '')}`}>{about.supportTelephone}</a>
            </Descriptions.Item>
            <Descriptions.Item label="Hours">{about.supportHours}</Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph className="about-after-details">
            Please quote your licence code <Typography.Text code>{about.licence}</Typography.Text> and, for a problem, the screen, the time and what you
            expected to happen.
          </Typography.Paragraph>

          <Typography.Title level={2}>Not supported</Typography.Title>
          <ul className="about-list">
            <li>Your computers, tablets, phones, printers, networks and internet connection.</li>
            <li>Web browsers other than current versions of Chrome, Edge, Firefox and Safari.</li>
            <li>Other software and services, including the systems that produce the revenue sheets you upload.</li>
            <li>Correcting data entered or uploaded by your users (we will help you find what went wrong).</li>
            <li>Training sessions (help with using the screens is included).</li>
          </ul>

          <Typography.Title level={2}>Chargeable requests</Typography.Title>
          <Typography.Paragraph>These are quoted before any work starts:</Typography.Paragraph>
          <ul className="about-list">
            <li>Reverting your data to a previous point in time (a restore from backup).</li>
            <li>New features.</li>
            <li>Customisation beyond the branding images you can change yourself.</li>
            <li>Changes in calculations (revenue, commission, targets and KPIs).</li>
          </ul>

          <Typography.Title level={2}>Backups</Typography.Title>
          <Typography.Paragraph>Your data is backed up daily to cloud storage, and each backup is kept for 30 days.</Typography.Paragraph>
        </>
      )}
    </AboutCard>
  );
}
