import { useState } from 'react';
import { Alert, Modal, Spin, Switch, Table, Tag } from 'antd';
import { useAbortableSWR } from '../../api/hooks';
import { apiUrl } from '../../api/http';
import type { ListResponse, Row } from '../../api/types';
import { formatDateTime, textOf } from '../../format/format';
import { dialogFit, useViewport } from '../../shell/useViewport';
import { NEW_SALE_HISTORY, type StepRow } from './saleForm';

interface HistoryRow {
  historyID: number;
  step: string;
  description: string;
  createdDate: string;
  createdByUserName: string;
}

/** A sale's history and the steps that apply to it, opened from the sale form's step indicator (HistoryStepper). */
export function SaleHistoryDialog({ saleID, steps, onClose }: { saleID?: number; steps: StepRow[]; onClose: () => void }) {
  const viewport = useViewport();
  const [showAll, setShowAll] = useState(false);
  const url = saleID ? apiUrl('histories', { documentType: 'sale', documentID: saleID }) : null;
  const { data, error, isLoading } = useAbortableSWR<ListResponse<HistoryRow>>(url, { revalidateOnFocus: false });
  const shownSteps = steps.filter((step) => showAll || step.applicable !== false);
  const stepName = (name: string) => steps.find((step) => step.name === name)?.displayName || name;

  return (
    <Modal open title="History" onCancel={onClose} footer={null} {...dialogFit(viewport, 820, 'sale-history-dialog')}>
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
