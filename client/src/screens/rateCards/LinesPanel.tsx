import { AccessibleTabs } from '../../shell/AccessibleTabs';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Card, Empty, Spin } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useList, useRefreshResource } from '../../api/hooks';
import { figuresOf } from '../../auth/figures';
import { can } from '../../auth/permissions';
import { BulkDeleteButton, selectedLinesAre } from '../../list/BulkDeleteButton';
import { ListScreen } from '../../list/ListScreen';
import type { SelectionContext } from '../../list/resource';
import { rateCardLinesResource } from '../../resources/rateCardLines';
import { useCurrentUser } from '../../shell/CurrentUser';
import { UploadWizard } from './UploadWizard';
import { textOf } from '../../format/format';

export interface SaleTypeOption {
  saleTypeID: number;
  name: string;
}

/** Every sale type, by name (spec 01 §2: the lines pages have one tab per sale type). */
export function useSaleTypes(): { saleTypes: SaleTypeOption[] | undefined } {
  const { data } = useList('saleTypes', { page: '0', pageLength: '500', sort: 'name', sortDir: 'asc' });
  const saleTypes = useMemo(() => data?.listData.map((row) => ({ saleTypeID: Number(row.saleTypeID), name: textOf(row.name) })), [data]);
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
  return (
    <BulkDeleteButton
      ids={ids}
      clear={clear}
      url="/api/rateCardLines"
      idsField="rateCardLineIDs"
      title="Delete rate card lines"
      description={(count) => `${selectedLinesAre(count)} deleted from the rate card.`}
      onDeleted={() => Promise.all([refresh('rateCardLines'), refresh('rateCards'), refresh('rateCard/current')])}
    />
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
    <AccessibleTabs
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
        // The screen's h1 is in its header (the card's name, or 'Rate cards'): the list's title is a section's.
        titleRole="section"
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
      {uploading && <UploadWizard rateCardID={rateCardID} saleTypeID={saleType.saleTypeID} saleTypeName={saleType.name} onClose={() => setUploading(false)} />}
    </>
  );
}
