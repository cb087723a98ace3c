import { Checkbox, Spin, Typography } from 'antd';
import { useAbortableSWR } from '../api/hooks';
import { EMPTY_VALUE } from '../list/renderValue';

/** One row of GET /api/accessProfiles/systemAreas. */
export interface SystemAreaInfo {
  name: string;
  description: string;
  group: string;
}

interface AreaGroup {
  group: string;
  areas: SystemAreaInfo[];
}

/** The areas under their headings, in the server's order; loaded once and shared by every list cell. */
export function useSystemAreaGroups(): { groups: AreaGroup[]; areaCount: number; isLoading: boolean } {
  const { data, isLoading } = useAbortableSWR<{ listData: SystemAreaInfo[] }>('/api/accessProfiles/systemAreas', {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
  const groups: AreaGroup[] = [];
  for (const area of data?.listData ?? []) {
    const last = groups[groups.length - 1];
    if (last?.group === area.group) last.areas.push(area);
    else groups.push({ group: area.group, areas: [area] });
  }
  return { groups, areaCount: data?.listData.length ?? 0, isLoading };
}

interface InputProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
}

/**
 * The access profile's system areas as a checklist under group headings: each area reads as what it
 * grants, its code name small beside it; a heading's box ticks or clears its whole group.
 */
export function SystemAreasInput({ id, value, onChange, disabled }: InputProps) {
  const { groups, isLoading } = useSystemAreaGroups();
  const chosen = new Set(value ?? []);
  const set = (names: string[], on: boolean) => {
    const next = new Set(chosen);
    for (const name of names) {
      if (on) next.add(name);
      else next.delete(name);
    }
    // Kept in the server's order, so the saved list reads the same however it was ticked.
    const known = groups.flatMap((g) => g.areas.map((a) => a.name));
    onChange?.([...known.filter((name) => next.has(name)), ...[...next].filter((name) => !known.includes(name))]);
  };
  if (isLoading) return <Spin size="small" />;
  return (
    <div id={id} className="system-areas-input" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {groups.map(({ group, areas }) => {
        const names = areas.map((a) => a.name);
        const ticked = names.filter((name) => chosen.has(name)).length;
        return (
          <div key={group} role="group" aria-label={group} className="system-area-group">
            <Checkbox
              className="system-area-group-heading"
              checked={ticked === names.length}
              indeterminate={ticked > 0 && ticked < names.length}
              onChange={(e) => set(names, e.target.checked)}
              disabled={disabled}
            >
              <Typography.Text strong>{group}</Typography.Text>
            </Checkbox>
            <div style={{ display: 'flex', flexDirection: 'column', gap: 4, margin: '4px 0 0 24px' }}>
              {areas.map((area) => (
                <Checkbox
                  key={area.name}
                  className="system-area"
                  data-area={area.name}
                  checked={chosen.has(area.name)}
                  onChange={(e) => set([area.name], e.target.checked)}
                  disabled={disabled}
                >
                  {area.description}{' '}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {area.name}
                  </Typography.Text>
                </Checkbox>
              ))}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/**
 * The areas a profile grants, for the list and the view dialog: 'Every system area', or what each
 * grants under its group's name. Code names show only until the descriptions have loaded.
 */
export function SystemAreasSummary({ names }: { names: string[] }) {
  const { groups, areaCount } = useSystemAreaGroups();
  if (names.length === 0) return <>{EMPTY_VALUE}</>;
  if (groups.length === 0) return <>{names.join(', ')}</>;
  const chosen = new Set(names);
  const grouped = groups.map(({ group, areas }) => ({ group, areas: areas.filter((a) => chosen.has(a.name)) })).filter((g) => g.areas.length > 0);
  const shown = grouped.reduce((sum, g) => sum + g.areas.length, 0);
  if (shown === areaCount) return <span className="system-areas-summary">Every system area</span>;
  const lines = grouped.map(({ group, areas }) => ({ group, text: areas.map((a) => a.description).join('; ') }));
  // A line per group in a dialog; in a list's one-line cell the groups run on, parted by ' · '
  // (styles.css), and the whole text shows on hover.
  return (
    <div className="system-areas-summary" title={lines.map(({ group, text }) => `${group}: ${text}`).join('\n')}>
      {lines.map(({ group, text }, i) => (
        <div key={group} data-group={group}>
          {i > 0 && <span className="system-areas-separator"> · </span>}
          <Typography.Text strong>{group}:</Typography.Text> {text}
        </div>
      ))}
    </div>
  );
}
