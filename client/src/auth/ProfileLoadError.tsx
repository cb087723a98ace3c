import { Button, Result } from 'antd';

/**
 * What the signed-in app shows when /api/user/me fails. Its own module, fetched only then: antd's
 * Result carries its status illustrations (32 KB), a tenth of the entry every first page evaluates (issue 26).
 */
export function ProfileLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Result
      status="error"
      title="The app could not load your profile"
      subTitle={error instanceof Error ? error.message : undefined}
      extra={<Button onClick={onRetry}>Try again</Button>}
    />
  );
}
