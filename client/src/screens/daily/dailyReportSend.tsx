import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Form, Input, Modal, Radio, Typography } from 'antd';
import { usePreference } from '../../api/hooks';
import { type ReportTextOptions, type DailyReportField, mailtoLink, readSendSettings, reportText, type SendSettings, whatsAppLink } from './dailyReport';

interface SendDialogProps {
  fields: DailyReportField[];
  /** The report's store and day; withRevenue says which button opened the dialog. */
  options: Omit<ReportTextOptions, 'metrics'>;
  /** The day's metrics, when the report shows them (one store). */
  metrics?: ReportTextOptions['metrics'];
  onClose: () => void;
}

/**
 * Sends the report (spec 02 §2.2): composed as plain text, opened in the user's e-mail program
 * (mailto:) or in WhatsApp (wa.me). Where to send and whether the metrics go with it are kept
 * as the preference dailyReport/send, saved when the report is sent.
 */
export function SendDialog({ fields, options, metrics, onClose }: SendDialogProps) {
  const preference = usePreference('dailyReport', 'send');
  const [settings, setSettings] = useState<SendSettings | null>(null);
  // The saved settings once read (a slow preference must not overwrite what is being typed).
  useEffect(() => {
    if (!preference.isLoading && settings === null) setSettings(readSendSettings(preference.value));
  }, [preference.isLoading, preference.value, settings]);
  const current = settings ?? readSendSettings(null);
  const change = (patch: Partial<SendSettings>) => setSettings({ ...current, ...patch });

  const withMetrics = Boolean(metrics?.length) && current.includeMetrics;
  const text = useMemo(() => reportText(fields, { ...options, metrics: withMetrics ? metrics : undefined }), [fields, options, metrics, withMetrics]);
  const subject = text.split('\n')[0];
  const href = current.via === 'email' ? mailtoLink(current.to, subject, text) : whatsAppLink(current.phone, text);
  const title = options.withRevenue ? 'Send Quantity and Revenue' : 'Send Quantity';

  const send = () => {
    void preference.save(JSON.stringify(current));
    onClose();
  };

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      width={560}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="send" type="primary" href={href} target={current.via === 'whatsapp' ? '_blank' : undefined} rel="noopener noreferrer" onClick={send}>
          {current.via === 'email' ? 'Open in e-mail' : 'Open in WhatsApp'}
        </Button>,
      ]}
    >
      <Form layout="vertical" className="daily-send-form">
        <Form.Item label="Send by">
          <Radio.Group
            value={current.via}
            onChange={(event) => change({ via: event.target.value as SendSettings['via'] })}
            options={[
              { value: 'email', label: 'E-mail' },
              { value: 'whatsapp', label: 'WhatsApp' },
            ]}
          />
        </Form.Item>
        {current.via === 'email' ? (
          <Form.Item label="To" extra="E-mail addresses, separated by commas">
            <Input
              aria-label="To"
              value={current.to}
              maxLength={500}
              onChange={(event) => change({ to: event.target.value })}
              placeholder="manager@example.com"
            />
          </Form.Item>
        ) : (
          <Form.Item label="Phone number" extra="International form, e.g. 447700900123; leave empty to choose the chat in WhatsApp">
            <Input aria-label="Phone number" value={current.phone} maxLength={30} onChange={(event) => change({ phone: event.target.value })} />
          </Form.Item>
        )}
        {Boolean(metrics?.length) && (
          <Form.Item>
            <Checkbox checked={current.includeMetrics} onChange={(event) => change({ includeMetrics: event.target.checked })}>
              Include the metrics of the day
            </Checkbox>
          </Form.Item>
        )}
        <Form.Item label="Message">
          <Input.TextArea aria-label="Message" value={text} readOnly autoSize={{ minRows: 6, maxRows: 14 }} />
        </Form.Item>
        <Typography.Text type="secondary">The message opens in your {current.via === 'email' ? 'e-mail program' : 'WhatsApp'}, ready to send.</Typography.Text>
      </Form>
    </Modal>
  );
}
