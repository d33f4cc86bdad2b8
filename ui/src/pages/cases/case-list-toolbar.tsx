// The filter row of /cases: search, status, stage, creditor, the debtor a debtor's page linked
// with (removable), and sort order; beneath it the filters that arrive by link (a dashboard
// tile's figure, a notification's 'your flagged cases'), each removable.
import { Cross2Icon, MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Badge, Box, Flex, IconButton, Select, TextField } from '@radix-ui/themes';
import {
  CASE_SEGMENT_LABELS,
  CASE_STAGE_LABELS,
  CASE_STAGES,
  CASE_STATUS_LABELS,
  CASE_STATUSES,
  type CaseSort,
  type CaseStage,
  type CaseStatus,
} from '../../api/case-types';
import type { SortOrder } from '../../api/list';
import { CreditorPicker } from '../../components/creditor-picker';
import type { CaseListFilters } from './case-list-filters';

const ALL = 'all';

const SORT_OPTIONS: Array<{ sort: CaseSort; order: SortOrder; label: string }> = [
  { sort: 'created_at', order: 'desc', label: 'Senast skapade först' },
  { sort: 'created_at', order: 'asc', label: 'Först skapade först' },
  { sort: 'due_date', order: 'asc', label: 'Äldsta förfallodatum först' },
  { sort: 'due_date', order: 'desc', label: 'Senaste förfallodatum först' },
  { sort: 'total_outstanding', order: 'desc', label: 'Högst utestående först' },
  { sort: 'total_outstanding', order: 'asc', label: 'Lägst utestående först' },
  { sort: 'reference_no', order: 'asc', label: 'Referens A–Ö' },
  { sort: 'reference_no', order: 'desc', label: 'Referens Ö–A' },
];

export interface CaseListToolbarProps {
  filters: CaseListFilters;
  /** The search field's text (it reaches the filters after a pause in typing). */
  search: string;
  onSearchChange(text: string): void;
  onChange(change: Partial<CaseListFilters>): void;
  /** The creditor filter needs creditors.read (a creditor's own users do not have it). */
  canFilterByCreditor: boolean;
}

export function CaseListToolbar({ filters, search, onSearchChange, onChange, canFilterByCreditor }: CaseListToolbarProps) {
  return (
    <>
      <Flex gap="3" mb="4" wrap="wrap" align="center">
        <Box flexGrow="1" minWidth="240px" maxWidth="420px">
          <TextField.Root
            type="search"
            value={search}
            placeholder="Sök på referens, OCR, borgenär eller gäldenär"
            aria-label="Sök ärenden"
            onChange={(event) => onSearchChange(event.target.value)}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon />
            </TextField.Slot>
          </TextField.Root>
        </Box>
        <Select.Root value={filters.status ?? ALL} onValueChange={(value) => onChange({ status: value === ALL ? null : (value as CaseStatus) })}>
          <Select.Trigger aria-label="Filtrera på status" />
          <Select.Content position="popper">
            <Select.Item value={ALL}>Alla statusar</Select.Item>
            {CASE_STATUSES.map((status) => (
              <Select.Item key={status} value={status}>
                {CASE_STATUS_LABELS[status]}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Select.Root value={filters.stage ?? ALL} onValueChange={(value) => onChange({ stage: value === ALL ? null : (value as CaseStage) })}>
          <Select.Trigger aria-label="Filtrera på fas" />
          <Select.Content position="popper">
            <Select.Item value={ALL}>Alla faser</Select.Item>
            {CASE_STAGES.map((stage) => (
              <Select.Item key={stage} value={stage}>
                {CASE_STAGE_LABELS[stage]}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        {canFilterByCreditor ? (
          <CreditorPicker
            aria-label="Filtrera på borgenär"
            placeholder="Alla borgenärer"
            clearLabel="Alla borgenärer"
            value={filters.creditorId ? { id: filters.creditorId, name: filters.creditorName ?? 'Vald borgenär' } : null}
            onChange={(choice) => onChange({ creditorId: choice?.id ?? null, creditorName: choice?.name ?? null })}
          />
        ) : null}
        {filters.partyId ? (
          <Badge size="2" variant="soft" radius="full">
            Gäldenär: {filters.partyName ?? 'vald gäldenär'}
            <IconButton size="1" variant="ghost" radius="full" aria-label="Ta bort filtret på gäldenär" onClick={() => onChange({ partyId: null })}>
              <Cross2Icon />
            </IconButton>
          </Badge>
        ) : null}
        <Box ml={{ initial: '0', md: 'auto' }}>
          <Select.Root
            value={`${filters.sort}:${filters.order}`}
            onValueChange={(value) => {
              const [sort, order] = value.split(':') as [CaseSort, SortOrder];
              onChange({ sort, order });
            }}
          >
            <Select.Trigger aria-label="Sortera" variant="ghost" />
            <Select.Content position="popper" align="end">
              {SORT_OPTIONS.map((option) => (
                <Select.Item key={`${option.sort}:${option.order}`} value={`${option.sort}:${option.order}`}>
                  {option.label}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Box>
      </Flex>
      <LinkedFilters filters={filters} onChange={onChange} />
    </>
  );
}

/** The filters a link set, as removable chips. */
function LinkedFilters({ filters, onChange }: Pick<CaseListToolbarProps, 'filters' | 'onChange'>) {
  const chips: Array<{ label: string; clear: Partial<CaseListFilters> }> = [];
  if (filters.segment) chips.push({ label: CASE_SEGMENT_LABELS[filters.segment], clear: { segment: null } });
  if (filters.handler) chips.push({ label: filters.handler === 'me' ? 'Mina ärenden' : 'En handläggares ärenden', clear: { handler: null } });
  if (filters.flagged) chips.push({ label: 'Med regelflaggor', clear: { flagged: false } });
  if (chips.length === 0) return null;
  return (
    <Flex gap="2" mb="4" wrap="wrap" align="center" role="group" aria-label="Urval">
      {chips.map((chip) => (
        <Badge key={chip.label} size="2" color="indigo" variant="soft" radius="full">
          {chip.label}
          <IconButton size="1" variant="ghost" color="indigo" radius="full" aria-label={`Ta bort urvalet ${chip.label}`} onClick={() => onChange(chip.clear)}>
            <Cross2Icon />
          </IconButton>
        </Badge>
      ))}
    </Flex>
  );
}
