import type { Me } from '../api/types';

/**
 * Which figures the signed-in user's access profile shows (spec 01 §3: showRevenue,
 * showCommission). The server leaves the others out of every answer (docs/http-api.md,
 * "Revenue and commission figures"); screens leave out their columns and words too, so no
 * empty column or 'undefined' is ever shown.
 */
export interface FigureFlags {
  revenue: boolean;
  commission: boolean;
}

export const ALL_FIGURES: FigureFlags = { revenue: true, commission: true };

export function figuresOf(me: Pick<Me, 'accessProfile'>): FigureFlags {
  return { revenue: me.accessProfile.showRevenue, commission: me.accessProfile.showCommission };
}
