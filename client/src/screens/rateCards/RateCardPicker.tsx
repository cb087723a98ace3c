import { LookupSelect } from '../../record/LookupSelect';
import { RATE_CARD_LOOKUP, rateCardLabel } from '../../resources/rateCards';

interface Props {
  id?: string;
  value?: number | null;
  onChange?: (rateCardID: number | null) => void;
  /** The current choice's card, so it shows its name before any options load. */
  current?: { rateCardID: number; name: string; fromDate: string } | null;
  placeholder?: string;
  'aria-label'?: string;
  className?: string;
}

/**
 * Picks a rate card (spec 01 §9): 50 per search from /api/rateCards, newest
 * effective-from date first, each shown as 'name (dd/mm/yyyy)'.
 */
export function RateCardPicker({ id, value, onChange, current, placeholder, 'aria-label': ariaLabel, className }: Props) {
  return (
    <div className={className ?? 'rate-card-picker'}>
      <LookupSelect
        id={id}
        value={value ?? null}
        onChange={(next) => onChange?.((next as number | null) ?? null)}
        source={RATE_CARD_LOOKUP}
        initialOptions={current ? [{ value: current.rateCardID, label: rateCardLabel(current) }] : []}
        placeholder={placeholder ?? 'Choose a rate card'}
        aria-label={ariaLabel}
      />
    </div>
  );
}
