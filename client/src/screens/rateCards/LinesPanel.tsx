import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, App, Badge, Button, Card, Empty, Modal, Spin, Tabs } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useList, useRefreshResource } from '../../api/hooks';
import { ApiError, apiRequest } from '../../api/http';
import { figuresOf } from '../../auth/figures';
import { can } from '../../auth/permissions';
import { ListScreen } from '../../list/ListScreen';
import type { SelectionContext } from '../../list/resource';
import { rateCardLinesResource } from '../../resources/rateCardLines';
import { useCurrentUser } from '../../shell/CurrentUser';
import { UploadWizard } from './UploadWizard';

export interface SaleTypeOption {
  saleTypeID: number;
  name: string;
}

/** Every sale type, by name (spec 01 §2: the lines pages have one tab per sale type). */
export function useSaleTypes(): { saleTypes: SaleTypeOption[] | undefined } {
  const { data } = useList('saleTypes', { page: '0', pageLength: '500', sort: 'name', sortDir: 'asc' });
  const saleTypes = useMemo(
    () => data?.listData.map((row) => ({ saleTypeID: Number(row.saleTypeID), name: String(row.name ?? '') })),
    [data],
  );
  return { saleTypes };
}

/** How many lines the card has for a sale type; the badge shows at most 999 (spec 01 §9). */
function LineCountBadge({ rateCardID, saleTypeID }: { rateCardID: number; saleTypeID: number }) {
  const { data } = useList('rateCardLines', { rateCardID: String(rateCardID), saleTypeID: String(saleTypeID), pageLength: '1' });
  const count = data?.page?.rowCount;
  return <Badge className="line-count" count={count ?? 0} overflowCount={999} showZero color={count ? '#1677ff' : '#bfbfbf'} />;
}

/** 'Delete selected': many lines in one go, after a warning that it cannot be undone (spec 01 §8). */
function DeleteSelectedButton({ ids, clear }: SelectionContext) {
  const refresh = useRefreshResource();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await apiRequest('/api/rateCardLines', { method: 'DELETE', body: { rateCardLineIDs: ids } });
      clear();
      setOpen(false);
      void message.success(`${ids.length} ${ids.length === 1 ? 'line' : 'lines'} deleted`);
      await Promise.all([refresh('rateCardLines'), refresh('rateCards'), refresh('rateCard/current')]);
    } catch (caught) {
      setFailure(caught instanceof ApiError ? caught.message : 'The server could not be reached. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button danger icon={<DeleteOutlined />} disabled={ids.length === 0} onClick={() => setOpen(true)}>
        {ids.length ? `Delete ${ids.length} selected` : 'Delete selected'}
      </Button>
      <Modal
        open={open}
        title="Delete rate card lines"
        onCancel={busy ? undefined : () => setOpen(false)}
        maskClosable={false}
        footer={[
          <Button key="cancel" disabled={busy} onClick={() => setOpen(false)}>
            Cancel
          </Button>,
          <Button key="delete" type="primary" danger loading={busy} onClick={() => void remove()}>
            {busy ? 'Deleting...' : `Delete ${ids.length} ${ids.length === 1 ? 'line' : 'lines'}`}
          </Button>,
        ]}
      >
        <Alert
          type="warning"
          showIcon
          message="This action cannot be undone! Please double check before taking this action!"
          description={`${ids.length} selected ${ids.length === 1 ? 'line is' : 'lines are'} deleted from the rate card.`}
        />
        {failure && <Alert className="dialog-note" type="error" showIcon role="alert" message={failure} />}
      </Modal>
    </>
  );
}

interface Props {
  rateCardID: number;
  /** Shown above the tabs (title, banners, picker). */
  header?: ReactNode;
}

/**
 * The lines of one rate card: a tab per sale type with its line count, and
 * the generic list of that sale type's lines (expand a row for its stores).
 * SystemSetup edits, deletes selected lines and uploads lines from Excel.
 */
export function LinesPanel({ rateCardID, header }: Props) {
  const me = useCurrentUser();
  const { saleTypes } = useSaleTypes();
  const [, setSearchParams] = useSearchParams();
  const [chosen, setChosen] = useState<number | undefined>();
  const [uploading, setUploading] = useState(false);
  const saleType = saleTypes?.find((s) => s.saleTypeID === chosen) ?? saleTypes?.[0];

  // A card switched from the picker starts on its first tab again only if the chosen one is gone.
  useEffect(() => {
    if (saleTypes && chosen !== undefined && !saleTypes.some((s) => s.saleTypeID === chosen)) setChosen(undefined);
  }, [saleTypes, chosen]);

  const mayWrite = can(me, 'SystemSetup');
  const { revenue, commission } = figuresOf(me);
  const resource = useMemo(
    () =>
      saleType
        ? rateCardLinesResource({
            rateCardID,
            saleTypeID: saleType.saleTypeID,
            title: `${saleType.name} lines`,
            selectionActions: (ctx: SelectionContext) => <DeleteSelectedButton {...ctx} />,
            mayDownloadFiles: mayWrite,
            figures: { revenue, commission },
          })
        : undefined,
    [rateCardID, saleType, mayWrite, revenue, commission],
  );

  const tabs = (
    <Tabs
      className="route-tabs data-tabs sale-type-tabs"
      activeKey={saleType ? String(saleType.saleTypeID) : undefined}
      onChange={(key) => {
        setChosen(Number(key));
        // Another sale type's list starts on its first page, unfiltered.
        setSearchParams({});
      }}
      items={(saleTypes ?? []).map((s) => ({
        key: String(s.saleTypeID),
        label: (
          <span className="sale-type-tab">
            {s.name} <LineCountBadge rateCardID={rateCardID} saleTypeID={s.saleTypeID} />
          </span>
        ),
      }))}
    />
  );

  if (!saleTypes) {
    return (
      <>
        {header}
        <div className="dialog-loading">
          <Spin />
        </div>
      </>
    );
  }
  if (!saleType || !resource) {
    return (
      <>
        {header}
        <Card variant="borderless">
          <Empty description="There are no sale types yet. Rate card lines belong to a sale type." />
        </Card>
      </>
    );
  }
  return (
    <>
      <ListScreen
        key={`lines-${rateCardID}-${saleType.saleTypeID}`}
        resource={resource}
        header={
          <>
            {header}
            {tabs}
          </>
        }
        toolbarExtra={
          mayWrite ? (
            <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>
              {`Upload ${saleType.name} Lines`}
            </Button>
          ) : undefined
        }
      />
      {uploading && (
        <UploadWizard
          rateCardID={rateCardID}
          saleTypeID={saleType.saleTypeID}
          saleTypeName={saleType.name}
          onClose={() => setUploading(false)}
        />
      )}
    </>
  );
}

