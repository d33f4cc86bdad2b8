// The search field, the paid days and the status and method filters above the payment table.
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Box, Flex, Select, TextField } from '@radix-ui/themes';
import { PAYMENT_STATUSES, STORED_PAYMENT_METHODS, type PaymentStatus, type StoredPaymentMethod } from '../../api/payments';
import { DayRangeFields, NO_DAY_RANGE, type DayRange } from '../../components/day-range-fields';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '@fordran/core/labels';

export interface PaymentFilterValues {
  search: string;
  status: PaymentStatus | 'all';
  method: StoredPaymentMethod | 'all';
  /** Paid from and to. */
  days: DayRange;
}

export const NO_PAYMENT_FILTERS: PaymentFilterValues = { search: '', status: 'all', method: 'all', days: NO_DAY_RANGE };

export interface PaymentFiltersProps {
  values: PaymentFilterValues;
  onChange(values: PaymentFilterValues): void;
}

export function PaymentFilters({ values, onChange }: PaymentFiltersProps) {
  return (
    <Flex gap="3" mb="4" wrap="wrap" align="end">
      <Box flexGrow="1" maxWidth="420px" minWidth="220px">
        <TextField.Root
          type="search"
          value={values.search}
          placeholder="Sök på OCR, referens, meddelande eller betalare"
          aria-label="Sök inbetalningar"
          onChange={(event) => onChange({ ...values, search: event.target.value })}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon />
          </TextField.Slot>
        </TextField.Root>
      </Box>
      <DayRangeFields label="Betaldag" value={values.days} onChange={(days) => onChange({ ...values, days })} />
      <Select.Root value={values.status} onValueChange={(status) => onChange({ ...values, status: status as PaymentFilterValues['status'] })}>
        <Select.Trigger aria-label="Filtrera på status" />
        <Select.Content position="popper">
          <Select.Item value="all">Alla statusar</Select.Item>
          {PAYMENT_STATUSES.map((status) => (
            <Select.Item key={status} value={status}>
              {PAYMENT_STATUS_LABELS[status]}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      <Select.Root value={values.method} onValueChange={(method) => onChange({ ...values, method: method as PaymentFilterValues['method'] })}>
        <Select.Trigger aria-label="Filtrera på betalsätt" />
        <Select.Content position="popper">
          <Select.Item value="all">Alla betalsätt</Select.Item>
          {STORED_PAYMENT_METHODS.map((method) => (
            <Select.Item key={method} value={method}>
              {PAYMENT_METHOD_LABELS[method]}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}
