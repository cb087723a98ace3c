import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Tooltip, Typography } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { excelUrl } from '../../list/ListScreen';
import type { ResourceDef } from '../../list/resource';
import { readListState, toApiQuery } from '../../list/tableQuery';
import { InfoDialog } from '../../record/InfoDialog';
import { useViewport } from '../../shell/useViewport';

/** The full URLs of the list as shown: its GET (this page) and its Excel download, without the session token. */
export function apiDetailsOf(resource: ResourceDef, search: URLSearchParams, origin: string): { list: string; excel: string } {
  const state = readListState(search, resource.defaultSort);
  const query = toApiQuery(state, { fixedFilters: resource.fixedFilters, fkJoins: resource.fkJoins });
  return { list: `${origin}/api/${resource.listPath}?${query.toString()}`, excel: `${origin}${excelUrl(resource, state)}` };
}

/**
 * API details (spec 01 §2, AccessAPI): the calls that give the list as it is filtered now,
 * to use from a spreadsheet or a script.
 */
export function ApiDetailsButton({ resource }: { resource: ResourceDef }) {
  const [open, setOpen] = useState(false);
  const [searchParams] = useSearchParams();
  const viewport = useViewport();
  const urls = apiDetailsOf(resource, searchParams, window.location.origin);
  return (
    <>
      <Tooltip title="API details">
        <Button icon={<ApiOutlined />} aria-label="API details" onClick={() => setOpen(true)}>
          {viewport.isWide ? 'API details' : null}
        </Button>
      </Tooltip>
      {open && (
        <InfoDialog title="API details" width={760} className="api-details" onClose={() => setOpen(false)}>
          <Typography.Paragraph>The list as it is filtered and sorted now, one page:</Typography.Paragraph>
          <Typography.Paragraph className="api-details-url" copyable={{ text: urls.list, tooltips: ['Copy', 'Copied'] }} code aria-label="List URL">
            {`GET ${urls.list}`}
          </Typography.Paragraph>
          <Typography.Paragraph>Every matching row as an Excel file:</Typography.Paragraph>
          <Typography.Paragraph className="api-details-url" copyable={{ text: urls.excel, tooltips: ['Copy', 'Copied'] }} code aria-label="Excel URL">
            {`GET ${urls.excel}`}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            Send your session token in the x-access-token header; the Excel URL also takes it as a token parameter. Change page and pageLength (up to 500) to
            read further pages.
          </Typography.Paragraph>
          <Typography.Paragraph>
            Every call, its parameters and answers, and the system areas it needs:{' '}
            <Typography.Link href="/api/docs" target="_blank" rel="noopener noreferrer">
              API documentation (OpenAPI)
            </Typography.Link>
          </Typography.Paragraph>
        </InfoDialog>
      )}
    </>
  );
}
