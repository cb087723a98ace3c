import { useState } from 'react';
import { Alert, Form, Modal } from 'antd';
import { ApiError, apiRequest } from '../../api/http';
import { can } from '../../auth/permissions';
import { LookupSelect } from '../../record/LookupSelect';
import { STORE_LOOKUP } from '../../resources/common';
import { useCurrentUser } from '../../shell/CurrentUser';
import { dialogFit, useViewport } from '../../shell/useViewport';

interface Props {
  announcementID: number;
  onClose: () => void;
  /** After recipients were added, with what the server says it did. */
  onAdded: (message: string) => void;
}

const PROFILE_LOOKUP = { listPath: 'accessProfiles', valueField: 'accessProfileID', labelField: 'name' };
const USER_LOOKUP = { listPath: 'users', valueField: 'userID', labelField: 'name', filters: { active: '1' } };

/**
 * 'Add users' (spec 02 §2.4, issue 13): every active user of the chosen stores and access
 * profiles, and the chosen users, in one call (POST /api/announcement/{id}/announcementUsers).
 * Access profiles can be read with UserSetup only, so only then are they offered.
 */
export function AddRecipientsDialog({ announcementID, onClose, onAdded }: Props) {
  const me = useCurrentUser();
  const viewport = useViewport();
  const [storeIDs, setStoreIDs] = useState<number[]>([]);
  const [accessProfileIDs, setAccessProfileIDs] = useState<number[]>([]);
  const [userIDs, setUserIDs] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nothingChosen = storeIDs.length + accessProfileIDs.length + userIDs.length === 0;

  const add = async () => {
    setSaving(true);
    setError(null);
    try {
      const answer = await apiRequest<{ data: { added: number; alreadyRecipients: number } }>(`/api/announcement/${announcementID}/announcementUsers`, {
        method: 'POST',
        body: { storeIDs, accessProfileIDs, userIDs },
      });
      const { added, alreadyRecipients } = answer.body.data;
      onAdded(`${added} ${added === 1 ? 'user' : 'users'} added${alreadyRecipients ? `; ${alreadyRecipients} already had this announcement` : ''}.`);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The users could not be added. Check the connection and try again.');
      setSaving(false);
    }
  };

  const asIDs = (value: number | number[] | null) => (Array.isArray(value) ? value : value == null ? [] : [value]);
  return (
    <Modal
      open
      title="Add users"
      onCancel={onClose}
      onOk={add}
      okText={saving ? 'Adding...' : 'Add'}
      okButtonProps={{ disabled: nothingChosen || saving }}
      {...dialogFit(viewport, 620)}
    >
      <p>
        Every active user of the chosen stores and access profiles is added, with the users chosen below. Users who already have the announcement are left as
        they are.
      </p>
      <Form layout="vertical">
        <Form.Item label="Stores" htmlFor="recipient-stores">
          <LookupSelect id="recipient-stores" multiple source={STORE_LOOKUP} value={storeIDs} onChange={(v) => setStoreIDs(asIDs(v))} initialOptions={[]} />
        </Form.Item>
        {can(me, 'UserSetup') && (
          <Form.Item label="Access profiles" htmlFor="recipient-profiles">
            <LookupSelect
              id="recipient-profiles"
              multiple
              source={PROFILE_LOOKUP}
              value={accessProfileIDs}
              onChange={(v) => setAccessProfileIDs(asIDs(v))}
              initialOptions={[]}
            />
          </Form.Item>
        )}
        <Form.Item label="Users" htmlFor="recipient-users">
          <LookupSelect id="recipient-users" multiple source={USER_LOOKUP} value={userIDs} onChange={(v) => setUserIDs(asIDs(v))} initialOptions={[]} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={error} />}
    </Modal>
  );
}
