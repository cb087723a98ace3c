import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, App, Button, Card, Empty } from 'antd';
import { apiRequest } from '../../api/http';
import { storesOf } from '../../auth/permissions';
import { useCurrentUser } from '../../shell/CurrentUser';
import { RotaLineDialog } from './RotaLineDialog';
import { RotaTabs } from './RotaTabs';
import { RotaToolbar } from './RotaToolbar';
import type { RotaLine } from './rota';
import { useStoreSellers } from '../../api/sellers';
import { useRotaLineTypes, useRotaWeek, useWeekParam } from './useRota';
import { WeekGrid } from './WeekGrid';
import { capitalised, counted } from '../../feedback/savedText';
import { useSaveFeedback } from '../../feedback/useSaveFeedback';

type Editing = RotaLine | { rotaDate: string; userID: number; storeID: number } | null;

/** The chosen store (?storeID=), else the user's default store, else the profile's first. */
export function useStoreParam(): [number, (storeID: number) => void, { storeID: number; name: string }[]] {
  const me = useCurrentUser();
  const stores = storesOf(me);
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('storeID'));
  const storeID = stores.some((s) => s.storeID === asked) ? asked : stores.some((s) => s.storeID === me.storeID) ? me.storeID! : (stores[0]?.storeID ?? 0);
  const setStore = (id: number) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('storeID', String(id));
      return next;
    });
  return [storeID, setStore, stores];
}

/** /rota/plan (RecordRotaLines): a store's users by day for a week; add and edit lines, repeat, mark the week planned. */
export function RotaPlanScreen() {
  const { message } = App.useApp();
  const saved = useSaveFeedback();
  const [week, setWeek] = useWeekParam();
  const [storeID, setStore, stores] = useStoreParam();
  const users = useStoreSellers(storeID);
  const types = useRotaLineTypes();
  const { lines, refresh, isLoading } = useRotaWeek(week, storeID ? { storeID } : null);
  const [editing, setEditing] = useState<Editing>(null);
  const [publishing, setPublishing] = useState(false);

  // A line of someone no longer at the store still shows, under their name.
  const rows = useMemo(() => {
    const known = new Map((users ?? []).map((u) => [u.userID, u.name]));
    for (const line of lines ?? []) if (!known.has(line.userID)) known.set(line.userID, line.userName);
    return [...known].map(([key, name]) => ({ key, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [users, lines]);
  const drafts = (lines ?? []).filter((line) => line.currentHistoryStep === 'planning');

  const markPlanned = async () => {
    setPublishing(true);
    try {
      for (const line of drafts) await apiRequest(`/api/rotaLine/${line.rotaLineID}`, { method: 'PUT', body: { newStep: 'planned' } });
      saved(`${capitalised(counted(drafts.length, 'rota line'))} planned`);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : 'Could not mark the lines planned');
    } finally {
      setPublishing(false);
      void refresh();
    }
  };

  return (
    <div className="rota-page">
      <RotaTabs active="plan" week={week} storeID={storeID} />
      <Card variant="borderless">
        <RotaToolbar title="Rota plan" week={week} onWeek={setWeek} store={{ storeID, stores, onStore: setStore }}>
          <Button type="primary" disabled={drafts.length === 0 || publishing} loading={publishing} onClick={() => void markPlanned()}>
            {`Mark planned (${drafts.length})`}
          </Button>
        </RotaToolbar>
        {storeID === 0 ? (
          <Empty description="Your access profile has no store" />
        ) : (
          <>
            <WeekGrid
              week={week}
              rows={rows}
              rowOf={(line) => line.userID}
              lines={lines ?? []}
              nameHeading="User"
              loading={isLoading || !users}
              onOpen={setEditing}
              onAdd={(day, userID) => setEditing({ rotaDate: day, userID, storeID })}
            />
            <Alert
              className="rota-legend"
              type="info"
              showIcon
              message="Lines start in planning (dashed): the store's planners and approvers see them, the people on the rota do not yet. Mark them planned to show them to their people and send them for approval; approved lines can no longer be changed here."
            />
          </>
        )}
      </Card>
      {editing && (
        <RotaLineDialog
          line={editing}
          users={users ?? []}
          types={types}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </div>
  );
}
