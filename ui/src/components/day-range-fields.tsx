// 'Från' and 'Till' date fields of a list's filter row (journals, system log, payments): whole
// days, either end may be left empty. A backwards range is said under the fields and not sent.
import { Box, Flex, Text, TextField } from '@radix-ui/themes';
import { useId } from 'react';

/** As typed: YYYY-MM-DD, or '' while empty or incomplete. */
export interface DayRange {
  from: string;
  to: string;
}

export const NO_DAY_RANGE: DayRange = { from: '', to: '' };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const DAY_RANGE_BACKWARDS = 'Från-datum får inte vara efter till-datum';

/** The range's query parameters (complete dates only), or null when it runs backwards. */
export function dayRangeParams(range: DayRange): { from?: string; to?: string } | null {
  const from = ISO_DATE.test(range.from) ? range.from : undefined;
  const to = ISO_DATE.test(range.to) ? range.to : undefined;
  if (from && to && from > to) return null;
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

export function DayRangeFields({ value, onChange, label }: { value: DayRange; onChange(range: DayRange): void; label: string }) {
  const id = useId();
  const backwards = dayRangeParams(value) === null;
  return (
    <Flex direction="column" gap="1" role="group" aria-label={label}>
      <Flex gap="2" align="center">
        <Box>
          <Text as="label" htmlFor={`${id}-from`} size="1" color="gray">
            Från
          </Text>
          <TextField.Root id={`${id}-from`} type="date" size="2" value={value.from} onChange={(event) => onChange({ ...value, from: event.target.value })} />
        </Box>
        <Box>
          <Text as="label" htmlFor={`${id}-to`} size="1" color="gray">
            Till
          </Text>
          <TextField.Root
            id={`${id}-to`}
            type="date"
            size="2"
            value={value.to}
            aria-invalid={backwards}
            onChange={(event) => onChange({ ...value, to: event.target.value })}
          />
        </Box>
      </Flex>
      {backwards ? (
        <Text size="1" color="red" role="alert">
          {DAY_RANGE_BACKWARDS}
        </Text>
      ) : null}
    </Flex>
  );
}
