import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Card, Empty, Popconfirm, Progress, Result, Spin, Tabs, Typography, Upload } from 'antd';
import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { ApiError, apiRequest } from '../../api/http';
import { can } from '../../auth/permissions';
import { useCurrentUser } from '../../shell/CurrentUser';
import { PageTitle } from '../../shell/PageTitle';
import { type BrandingName, brandingPathName, useBrandingImage, useRefreshBranding } from './branding';
import { MAX_UPLOAD_BYTES, TOO_LARGE, uploadFile } from './uploadFile';
import './customisation.css';
import { useSaveFeedback } from '../../feedback/useSaveFeedback';

interface BrandingTab {
  name: BrandingName;
  label: string;
  path: string;
  /** What it is, in a sentence. */
  use: string;
  /** The kinds the server takes, for people and for the file picker. */
  kinds: string;
  accept: string;
  /** What a reset leaves in its place. */
  afterReset: string;
  note?: string;
}

const IMAGE_TYPES = {
  jpeg: '.jpg,.jpeg,image/jpeg',
  png: '.png,image/png',
  ico: '.ico,image/x-icon,image/vnd.microsoft.icon',
};

export const BRANDING_TABS: BrandingTab[] = [
  {
    name: 'loginBackground',
    label: 'Login background',
    path: '/data/customisation',
    use: 'The picture behind the login form.',
    kinds: 'JPEG',
    accept: IMAGE_TYPES.jpeg,
    afterReset: 'The login page goes back to its plain background.',
    note: 'A landscape photo of about 1920x1080 px suits most screens.',
  },
  {
    name: 'favicon',
    label: 'Favicon',
    path: '/data/customisation/favicon',
    use: 'The small icon in the browser tab and bookmarks.',
    kinds: 'ICO or PNG',
    accept: [IMAGE_TYPES.ico, IMAGE_TYPES.png].join(','),
    afterReset: 'Browser tabs show the standard icon.',
    note: 'A square image of 32x32 or 48x48 px works best.',
  },
  {
    name: 'logo',
    label: 'Logo',
    path: '/data/customisation/logo',
    use: 'Shown at the left of the top bar, linking home.',
    kinds: 'PNG or JPEG',
    accept: [IMAGE_TYPES.png, IMAGE_TYPES.jpeg].join(','),
    afterReset: 'The top bar shows the app name instead.',
    note: 'Logo is best at 130x48 px.',
  },
  {
    name: 'loginLogo',
    label: 'Login Logo',
    path: '/data/customisation/loginLogo',
    use: 'Shown above the login form.',
    kinds: 'PNG or JPEG',
    accept: [IMAGE_TYPES.png, IMAGE_TYPES.jpeg].join(','),
    afterReset: 'The login page shows the app name instead.',
    note: 'Shown at most 260x96 px.',
  },
];

/**
 * /data/customisation and its tabs (spec 02 §2.6): a preview, an upload and a
 * reset for each branding image. UserSetup only: without it the screen says so
 * and calls nothing.
 */
export function CustomisationScreen({ tab }: { tab: BrandingName }) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  if (!can(me, 'UserSetup')) {
    return (
      <Card variant="borderless">
        <Result
          status="403"
          title="Customisation"
          subTitle="Changing the branding images needs UserSetup, which your access profile does not include."
          extra={
            <Link to="/">
              <Button type="primary">Home</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  const current = BRANDING_TABS.find((t) => t.name === tab) ?? BRANDING_TABS[0];
  return (
    <div className="customisation">
      <PageTitle>Customisation</PageTitle>
      <Tabs
        className="route-tabs"
        activeKey={current.name}
        items={BRANDING_TABS.map((t) => ({ key: t.name, label: t.label }))}
        onChange={(key) => navigate(BRANDING_TABS.find((t) => t.name === key)!.path)}
      />
      {/* key: a tab starts with no message or progress left from another. */}
      <BrandingPanel key={current.name} tab={current} />
    </div>
  );
}

function BrandingPanel({ tab }: { tab: BrandingTab }) {
  const saved = useSaveFeedback();
  const { src } = useBrandingImage(tab.name, { preview: true });
  const refreshBranding = useRefreshBranding();
  const [progress, setProgress] = useState<number | null>(null);
  const [failSummary, setFailSummary] = useState<string | null>(null);
  const [resetting, setResetting] = useState(false);
  const busy = progress !== null || resetting;

  const send = async (file: File) => {
    setFailSummary(null);
    if (file.size > MAX_UPLOAD_BYTES) {
      setFailSummary(TOO_LARGE);
      return;
    }
    setProgress(0);
    const outcome = await uploadFile(`/api/file/customisation/${tab.name}`, file, setProgress);
    setProgress(null);
    if (!outcome.ok) {
      setFailSummary(outcome.failSummary ?? 'The upload failed');
      return;
    }
    await refreshBranding();
    saved(`${tab.label} uploaded`);
  };

  const reset = async () => {
    setFailSummary(null);
    setResetting(true);
    try {
      await apiRequest(`/api/file/${brandingPathName(tab.name)}`, { method: 'DELETE' });
      await refreshBranding();
      saved(`${tab.label} reset`);
    } catch (error) {
      setFailSummary(error instanceof ApiError ? error.message : 'The reset did not reach the server');
    }
    setResetting(false);
  };

  return (
    <Card variant="borderless" className="branding-card">
      <Typography.Title level={2} className="branding-title">
        {tab.label}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{tab.use}</Typography.Paragraph>
      <div className="branding-layout">
        <section className="branding-preview-section" aria-label={`${tab.label} preview`}>
          <Typography.Text strong>Current image</Typography.Text>
          <Preview tab={tab} src={src} />
        </section>
        <section className="branding-upload-section" aria-label={`Upload a ${tab.label.toLowerCase()}`}>
          <Typography.Text strong>Upload a new image</Typography.Text>
          {failSummary && <Alert className="branding-alert" type="error" showIcon message={failSummary} role="alert" />}
          <Upload.Dragger
            className="branding-dragger"
            accept={tab.accept}
            multiple={false}
            maxCount={1}
            showUploadList={false}
            disabled={busy}
            // The file is sent here, with progress; antd's own request is not used.
            beforeUpload={(file) => {
              void send(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Click or drag a file here</p>
            <p className="ant-upload-hint">{tab.kinds}, up to 50 MB and 8000x8000 px. It replaces the current image at once.</p>
          </Upload.Dragger>
          {progress !== null && <Progress percent={progress} size="small" status="active" aria-label="Upload progress" />}
          {tab.note && (
            <Typography.Paragraph type="secondary" className="branding-note">
              {tab.note}
            </Typography.Paragraph>
          )}
          <Popconfirm
            title={`Reset the ${tab.label.toLowerCase()}?`}
            description={tab.afterReset}
            okText="Reset"
            okButtonProps={{ danger: true }}
            cancelText="Cancel"
            onConfirm={() => reset()}
            disabled={!src || busy}
          >
            <Button danger icon={<DeleteOutlined />} disabled={!src || busy} loading={resetting}>
              Reset
            </Button>
          </Popconfirm>
        </section>
      </div>
    </Card>
  );
}

function Preview({ tab, src }: { tab: BrandingTab; src: string | null | undefined }) {
  if (src === undefined) {
    return (
      <div className="branding-preview branding-preview-empty">
        <Spin />
      </div>
    );
  }
  if (src === null) {
    return (
      <div className="branding-preview branding-preview-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="None set" />
      </div>
    );
  }
  if (tab.name === 'favicon') {
    return (
      <div className="branding-preview branding-preview-favicon">
        {[16, 32, 64].map((size) => (
          <figure key={size}>
            <img src={src} alt={`Favicon at ${size} px`} width={size} height={size} />
            <figcaption>{size} px</figcaption>
          </figure>
        ))}
      </div>
    );
  }
  if (tab.name === 'loginBackground') {
    return (
      <div className="branding-preview branding-preview-background">
        <img src={src} alt="Login background" />
      </div>
    );
  }
  return (
    <div className={`branding-preview branding-preview-${tab.name}`}>
      <img src={src} alt={tab.label} />
    </div>
  );
}
