import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useAppName } from '../api/hooks';
import { ApiError, apiRequest } from '../api/http';
import { setToken } from '../api/token';
import { FIRST_PAINT } from '../firstPaint';
import { useBrandingImage } from '../screens/customisation/branding';
import { PageTitle } from '../shell/PageTitle';
import { LOGIN_NOTE } from '../../../src/shared/login-texts';

interface LoginAnswer {
  data?: { token?: string };
}

interface LoginFields {
  email: string;
  password: string;
}

/**
 * Shown instead of the app whenever there is no token. Only a 201 counts as
 * success (spec 01 §4 Session): the token goes into the cookie and the page
 * reloads, so the whole app starts afresh as the new user.
 */
export function LoginPage() {
  const [form] = Form.useForm<LoginFields>();
  const [busy, setBusy] = useState(false);
  const [failSummary, setFailSummary] = useState<string | null>(null);
  const appName = useAppName();
  // Spec 01 §2 Login: the login logo (or the app name) and the background, from the server.
  const { src: logo } = useBrandingImage('loginLogo');
  const { src: background } = useBrandingImage('loginBackground');
  const [logoFailed, setLogoFailed] = useState(false);

  useEffect(() => {
    if (appName) document.title = appName;
  }, [appName]);

  const logIn = async ({ email, password }: LoginFields) => {
    setBusy(true);
    setFailSummary(null);
    try {
      const answer = await apiRequest<LoginAnswer>('/api/user/login', { method: 'POST', body: { email, password } });
      const token = answer.body?.data?.token;
      if (answer.status === 201 && token) {
        setToken(token);
        window.location.reload();
        return;
      }
      setFailSummary('Login failed, please try again');
    } catch (error) {
      if (error instanceof ApiError) {
        const result = error.validationResult;
        const summary = result?.failSummary || error.message;
        setFailSummary(summary);
        // A field message that only repeats the summary (e.g. 'Wrong email or password' on
        // both fields) would say the same thing three times: the summary says it once.
        form.setFields(
          Object.entries(result?.failMessages ?? {})
            .filter(([name, message]) => (name === 'email' || name === 'password') && message !== summary)
            .map(([name, message]) => ({ name: name as keyof LoginFields, errors: [message] })),
        );
      } else {
        setFailSummary('The server could not be reached. Please try again.');
      }
    }
    setBusy(false);
  };

  return (
    <div className={background ? 'login-page login-page-image' : 'login-page'} style={background ? { backgroundImage: `url("${background}")` } : undefined}>
      <Card className="login-card" variant="borderless">
        {/* The page's h1 (issue 26): the logo, named by the app's name, or the name itself. */}
        <PageTitle className="login-brand">
          {logo && !logoFailed ? (
            <img src={logo} alt={appName ?? 'Logo'} className="login-logo" onError={() => setLogoFailed(true)} />
          ) : (
            // While the logo is being looked for, the space stays empty rather than flashing the name,
            // unless the server's first paint already said there is none and drew the name.
            (logo !== undefined || FIRST_PAINT.loginNamed) && <span className="login-app-name">{appName ?? FIRST_PAINT.appName ?? ''}</span>
          )}
        </PageTitle>
        {failSummary && <Alert className="login-alert" type="error" showIcon message={failSummary} role="alert" />}
        <Form<LoginFields>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void logIn(values)}
          onValuesChange={() => setFailSummary(null)}
          disabled={busy}
        >
          {/* Required here with the server's own messages, so an empty submit is answered in the form without a call. */}
          <Form.Item name="email" label="Email" rules={[{ required: true, whitespace: true, message: 'Enter your email' }]}>
            <Input prefix={<MailOutlined />} type="email" autoComplete="username" autoFocus size="large" />
          </Form.Item>
          <Form.Item name="password" label="Password" rules={[{ required: true, message: 'Enter your password' }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" disabled={busy}>
            {busy ? 'Loading...' : 'Log in'}
          </Button>
        </Form>
        {/* The same text as the server's first paint, the page's largest (LOGIN_NOTE). */}
        <Typography.Paragraph type="secondary" className="login-note">
          {LOGIN_NOTE}
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
