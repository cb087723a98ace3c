import { Modal } from 'antd';

export interface SaleDialogProps {
  mode: 'create' | 'copy' | 'update' | 'delete' | 'read';
  /** update/delete/read/copy: the sale to load (GET /api/sales?saleID=). */
  saleID?: number;
  /** create: defaults (e.g. decoded /sales/newSale/{base64}). */
  initialValues?: Record<string, unknown>;
  /** The current tab's store, when one is chosen. */
  storeID?: number;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export function SaleDialog(props: SaleDialogProps): JSX.Element {
  return <Modal open={props.open} title="Sale" onCancel={props.onClose} footer={null} />;
}
