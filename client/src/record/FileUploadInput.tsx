import { useRef, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { CloseOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { MAX_UPLOAD_BYTES, TOO_LARGE, uploadFile } from '../screens/customisation/uploadFile';
import type { FileUploadSource } from '../list/resource';

/** A file a record refers to, as records carry it. */
export interface UploadedFile {
  fileID: number;
  originalName: string;
}

interface Props {
  id?: string;
  source: FileUploadSource;
  value?: UploadedFile | null;
  onChange: (value: UploadedFile | null) => void;
  disabled?: boolean;
  'aria-label'?: string;
}

/**
 * A record's file (FieldDef valueType 'file'): uploads the chosen file at once to its library
 * (POST /api/file/{library}/{type}) and holds its id and name; the record's save sends the id.
 */
export function FileUploadInput({ id, source, value, onChange, disabled, 'aria-label': ariaLabel }: Props) {
  const picker = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File) => {
    setError(null);
    if (file.size > MAX_UPLOAD_BYTES) {
      setError(TOO_LARGE);
      return;
    }
    setProgress(0);
    const outcome = await uploadFile(`/api/file/${source.library}/${source.type}`, file, setProgress);
    setProgress(null);
    if (!outcome.ok || !outcome.data) {
      setError(outcome.failSummary ?? 'The upload failed');
      return;
    }
    onChange({ fileID: Number(outcome.data.fileID), originalName: String(outcome.data.originalName) });
  };

  return (
    <div className="file-upload-input">
      <Space wrap>
        {value?.fileID ? (
          <span className="file-upload-name">
            <PaperClipOutlined /> {value.originalName}
          </span>
        ) : (
          <Typography.Text type="secondary">No file</Typography.Text>
        )}
        <Button id={id} icon={<UploadOutlined />} disabled={disabled || progress !== null} onClick={() => picker.current?.click()} aria-label={ariaLabel}>
          {progress !== null ? `Uploading ${progress}%` : value?.fileID ? 'Replace file' : 'Upload file'}
        </Button>
        {value?.fileID && !disabled && (
          <Button type="text" icon={<CloseOutlined />} onClick={() => onChange(null)} aria-label="Remove the file">
            Remove
          </Button>
        )}
      </Space>
      <input
        ref={picker}
        type="file"
        hidden
        accept={source.accept}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      {error && (
        <Typography.Text type="danger" className="file-upload-error">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
