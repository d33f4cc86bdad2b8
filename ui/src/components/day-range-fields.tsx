// 'Från' and 'Till' date fields of a list's filter row (journals, system log, payments): whole
// days, either end may be left empty. A date still being typed is not sent; a backwards range is
// said under the fields and not sent either.
import { Box, Flex } from '@radix-ui/themes';
import { readDateField } from '../lib/date-field';
import { DateInput } from './date-input';

/** The two fields' text as typed ('' when empty). */
export interface DayRange {
  from: string;
  to: string;
}

export const NO_DAY_RANGE: DayRange = { from: '', to: '' };

export const DAY_RANGE_BACKWARDS = 'Från-datum får inte vara efter till-datum';

/** A field's date, or undefined while it is empty or not (yet) a date. */
function dateOf(text: string): string | undefined {
  const reading = readDateField(text);
  return reading.ok && reading.date ? reading.date : undefined;
}

/** The range's query parameters (complete dates only), or null when it runs backwards. */
export function dayRangeParams(range: DayRange): { from?: string; to?: string } | null {
  const from = dateOf(range.from);
  const to = dateOf(range.to);
  if (from && to && from > to) return null;
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

export function DayRangeFields({ value, onChange, label }: { value: DayRange; onChange(range: DayRange): void; label: string }) {
  const backwards = dayRangeParams(value) === null;
  return (
    <Flex gap="2" align="start" role="group" aria-label={label}>
      <Box width="150px">
        <DateInput label="Från" value={value.from} onValueChange={(from) => onChange({ ...value, from })} />
      </Box>
      <Box width="150px">
        <DateInput label="Till" value={value.to} onValueChange={(to) => onChange({ ...value, to })} error={backwards ? DAY_RANGE_BACKWARDS : null} />
      </Box>
    </Flex>
  );
}
