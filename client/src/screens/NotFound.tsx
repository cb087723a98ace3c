import { Link, useLocation } from 'react-router';
import { Card, Result } from 'antd';
import { PageTitle } from '../shell/PageTitle';

/** An unknown path: the shell stays, with the message and a way home (spec 01 §2). */
export function NotFound() {
  const { pathname } = useLocation();
  return (
    <Card variant="borderless" className="not-found">
      <Result
        status="warning"
        title={<PageTitle>Page not found</PageTitle>}
        subTitle={`There is no page at ${pathname}.`}
        extra={<Link to="/">Go to the home page</Link>}
      />
    </Card>
  );
}
