import type { ReactNode } from 'react';
import { Alert, Button, Modal, Spin } from 'antd';
import { dialogFit, useViewport } from '../shell/useViewport';

interface Props {
  title: ReactNode;
  /** Width on desktops; full screen below 1000 px (spec 01 §2). */
  width: number;
  /** Extra class names for the dialog's own styles. */
  className?: string;
  loading?: boolean;
  /** Shown instead of nothing when the dialog's data could not be read. */
  error?: string | null;
  onClose: () => void;
  children?: ReactNode;
}

/**
 * A dialog that only shows something (a comparison, a history, the API's URLs): a Close button,
 * the record dialog's sizes, a spinner while loading and a message if loading failed.
 */
export function InfoDialog({ title, width, className, loading, error, onClose, children }: Props) {
  const viewport = useViewport();
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      footer={[
        <Button key="close" type="primary" onClick={onClose}>
          Close
        </Button>,
      ]}
      {...dialogFit(viewport, width, 'record-dialog', className)}
      destroyOnHidden
    >
      {loading && (
        <div className="dialog-loading">
          <Spin />
        </div>
      )}
      {error && <Alert type="error" showIcon message={error} />}
      {children}
    </Modal>
  );
}
