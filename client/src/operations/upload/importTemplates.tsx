import { useState } from 'react';
import { Alert, Button, Input, Modal } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useList } from '../../api/hooks';
import { ApiError, apiRequest } from '../../api/http';
import type { MappingPreference } from './uploadMapping';
import { Picker } from '../../record/Picker';

/**
 * Supplier templates of an upload wizard (issue 24; the rec sheet import's `recImportTemplates`):
 * a named mapping of header names to fields, offered for a worksheet whose headers hold all of
 * its headers (the server's match call), chosen or dropped by the user, and saved from the wizard.
 */
export interface ImportTemplate {
  templateID: number;
  name: string;
  /** Normalised header name -> field. */
  mappings: MappingPreference;
}

/** Where a wizard's templates live: GET /api/{listPath}, POST /api/{listPath}/match, POST/PUT /api/{savePath}. */
export interface TemplateRoutes {
  listPath: string;
  savePath: string;
}

/** Every template, by name (one per supplier: a few dozen), for the picker and to find one by name. */
export function useImportTemplates(routes: TemplateRoutes | undefined) {
  const list = useList<ImportTemplate>(routes ? routes.listPath : null, { pageLength: '500', sort: 'name' });
  return { templates: list.data?.listData ?? [], refresh: () => list.mutate() };
}

/** The best template for a worksheet's headers (all its headers present, most headers first), or null. */
export async function matchTemplate(routes: TemplateRoutes, headers: string[]): Promise<ImportTemplate | null> {
  try {
    const answer = await apiRequest<{ listData?: ImportTemplate[] }>(`/api/${routes.listPath}/match`, { method: 'POST', body: { headers } });
    return answer.body.listData?.[0] ?? null;
  } catch (error) {
    // No template offered is a mapping to make by hand, not a broken wizard (spec 01 §8: logged).
    console.error('Templates could not be matched', error);
    return null;
  }
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Saves a worksheet's mapping under a supplier's name: the template of that name (ignoring case)
 * is updated, otherwise a new one is made. Answers the saved template; throws ApiError on a refusal.
 */
export async function saveTemplate(routes: TemplateRoutes, templates: ImportTemplate[], name: string, mappings: MappingPreference): Promise<ImportTemplate> {
  const existing = templates.find((template) => sameName(template.name, name));
  const body = { name: name.trim(), mappings };
  const answer = existing
    ? await apiRequest<{ data: ImportTemplate }>(`/api/${routes.savePath}/${existing.templateID}`, { method: 'PUT', body })
    : await apiRequest<{ data: ImportTemplate }>(`/api/${routes.savePath}`, { method: 'POST', body });
  return answer.body.data;
}

interface PickerProps {
  worksheet: string;
  applied: ImportTemplate | null;
  templates: ImportTemplate[];
  onChoose: (template: ImportTemplate | null) => void;
  onSave: () => void;
  saveDisabled: boolean;
}

/** 'Template Acme Mobile applied', a select to apply another or none, and 'Save as template'. */
export function TemplatePicker({ worksheet, applied, templates, onChoose, onSave, saveDisabled }: PickerProps) {
  // The applied template is an option even before the list has loaded it.
  const known = applied && !templates.some((t) => t.templateID === applied.templateID) ? [applied, ...templates] : templates;
  return (
    <div className="upload-template">
      <span className="upload-template-state" role="status">
        {applied ? `Template ${applied.name} applied` : 'No template applied'}
      </span>
      <Picker
        className="upload-template-select"
        aria-label={`Template of ${worksheet}`}
        value={applied?.templateID ?? 0}
        onChange={(id: number) => onChoose(known.find((t) => t.templateID === id) ?? null)}
        options={[{ value: 0, label: 'No template' }, ...known.map((t) => ({ value: t.templateID, label: t.name }))]}
        popupMatchSelectWidth={false}
        styles={{ popup: { root: { maxWidth: 'calc(100vw - 32px)' } } }}
      />
      <Button icon={<SaveOutlined />} onClick={onSave} disabled={saveDisabled}>
        Save as template
      </Button>
    </div>
  );
}

interface SaveProps {
  worksheet: string;
  /** The applied template's name, so saving again updates it. */
  initialName: string;
  /** Saves under the name; throws ApiError when refused. */
  onSave: (name: string) => Promise<void>;
  onClose: () => void;
}

/** Asks for the supplier's name and saves the worksheet's mapping under it. */
export function SaveTemplateDialog({ worksheet, initialName, onSave, onClose }: SaveProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!name.trim()) {
      setError("Enter the supplier's name");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSave(name);
      onClose();
    } catch (caught) {
      const result = caught instanceof ApiError ? caught.validationResult : undefined;
      setError(
        Object.values(result?.failMessages ?? {})[0] ?? result?.failSummary ?? (caught instanceof Error ? caught.message : 'The template was not saved'),
      );
      setBusy(false);
    }
  };
  return (
    <Modal open title="Save as template" okText="Save" onOk={() => void save()} confirmLoading={busy} onCancel={onClose} destroyOnHidden>
      <p>
        The headers mapped on worksheet {worksheet} are saved under the supplier&apos;s name, and applied when a file with the same headers arrives. A template
        of the same name is updated.
      </p>
      <label className="upload-field">
        <span className="upload-field-label">Supplier</span>
        <Input
          aria-label="Supplier"
          value={name}
          maxLength={100}
          autoFocus
          onChange={(e) => setName(e.target.value)}
          onPressEnter={() => void save()}
          status={error ? 'error' : undefined}
        />
      </label>
      {error && <Alert className="dialog-note" type="error" showIcon role="alert" message={error} />}
    </Modal>
  );
}
