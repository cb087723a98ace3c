import { Link } from 'react-router';
import { Button, Card, Result } from 'antd';

/** Placeholder for areas of the product that are not built yet. */
export function NotAvailable({ title }: { title: string }) {
  return (
    <Card variant="borderless">
      <Result
        status="info"
        title={title}
        subTitle="This area is not available yet"
        extra={
          <Link to="/">
            <Button type="primary">Home</Button>
          </Link>
        }
      />
    </Card>
  );
}
