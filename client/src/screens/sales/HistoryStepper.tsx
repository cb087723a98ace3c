import { useState } from 'react';
import { Alert, Modal, Spin, Steps, Switch, Table, Tag } from 'antd';
import useSWR from 'swr';
import { apiGet, apiUrl } from '../../api/http';
import type { ListResponse, Row } from '../../api/types';
import { formatDateTime, textOf } from '../../format/format';
import { useViewport } from '../../shell/useViewport';
import { NEW_SALE_HISTORY, stepperItems, type SaleStep, type StepRow } from './saleForm';

interface Props {
  /** The sale; undefined while new. */
  saleID?: number;
  step: SaleStep;
}

const getList = <T,>(url: string) => apiGet<ListResponse<T>>(url);

/**
 * The step indicator at the top of the sale form (spec 01 §4 "Sale history steps"): the steps
 * that apply to the sale, those before the current one completed, an irregular current step
 * appended, cancelled as an error. Clicking it shows the history with the reasons the steps
 * apply. A steps call that fails falls back to the placeholder step (spec 01 §8).
 */
export function HistoryStepper({ saleID, step }: Props) {
  const viewport = useViewport();
  const [open, setOpen] = useState(false);
  const stepsUrl = saleID ? `/api/sale/steps/${saleID}` : '/api/sale/steps';
  const { data: steps, error } = useSWR<ListResponse<StepRow>, Error>(stepsUrl, getList, { revalidateOnFocus: false });
  if (error) console.error('Could not load the sale steps', error);
  const items = stepperItems(saleID && steps ? steps.listData : null, saleID ? step : 'recording');

  return (
    <>
      <div
        role="button"
        tabIndex={0}
        className="history-stepper"
        onClick={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            setOpen(true);
          }
        }}
        aria-label="Show the history of this sale"
        title="Show the history of this sale"
      >
        <Steps
          size="small"
          direction={viewport.atLeastSm ? 'horizontal' : 'vertical'}
          items={items.map((item) => ({ key: item.key, title: item.title, status: item.status }))}
        />
      </div>
      {open && <HistoryDialog saleID={saleID} steps={steps?.listData ?? []} onClose={() => setOpen(false)} />}
    </>
  );
}

interface HistoryRow {
  historyID: number;
  step: string;
  description: string;
  createdDate: string;
  createdByUserName: string;
}

function HistoryDialog({ saleID, steps, onClose }: { saleID?: number; steps: StepRow[]; onClose: () => void }) {
  const viewport = useViewport();
  const [showAll, setShowAll] = useState(false);
  const url = saleID ? apiUrl('histories', { documentType: 'sale', documentID: saleID }) : null;
  const { data, error, isLoading } = useSWR<ListResponse<HistoryRow>, Error>(url, getList, { revalidateOnFocus: false });
  const shownSteps = steps.filter((step) => showAll || step.applicable !== false);
  const stepName = (name: string) => steps.find((step) => step.name === name)?.displayName || name;

  return (
    <Modal
      open
      title="History"
      onCancel={onClose}
      footer={null}
      width={viewport.isDesktop ? 820 : '100%'}
      className={viewport.isDesktop ? 'sale-history-dialog' : 'sale-history-dialog record-dialog-fullscreen'}
    >
      {!saleID ? (
        <Alert type="info" showIcon message={NEW_SALE_HISTORY} />
      ) : isLoading ? (
        <Spin />
      ) : error ? (
        <Alert type="error" showIcon message="The history could not be loaded" />
      ) : (
        <Table<Row>
          className="sale-history-table"
          size="small"
          rowKey="historyID"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={(data?.listData ?? []) as unknown as Row[]}
          columns={[
            { key: 'createdDate', title: 'When', render: (_, row) => formatDateTime(row.createdDate) },
            { key: 'step', title: 'Step', render: (_, row) => stepName(textOf(row.step)) },
            { key: 'description', title: 'What happened', dataIndex: 'description' },
            { key: 'createdByUserName', title: 'By', dataIndex: 'createdByUserName' },
          ]}
        />
      )}
      <div className="sale-steps-heading">
        <h4>Steps</h4>
        <label className="sale-steps-toggle">
          <Switch size="small" checked={showAll} onChange={setShowAll} aria-label="Show steps that do not apply" /> Show steps that do not apply
        </label>
      </div>
      <ul className="sale-steps-list">
        {shownSteps.map((step) => (
          <li key={step.name}>
            <strong>{step.displayName || step.name}</strong> {step.applicable === false ? <Tag>Does not apply</Tag> : <Tag color="blue">Applies</Tag>}
            {step.description && <div>{step.description}</div>}
            {step.justification && <div className="sale-step-justification">{step.justification}</div>}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
