// A searchable select of creditors: a button that opens a popover with a search field and the
// first matches from the server (never the whole register), sorted by name.
import { CaretSortIcon, CheckIcon, MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex, Popover, ScrollArea, Skeleton, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { useCreditors } from '../api/creditors';
import type { RecordStatus } from '../api/list';
import { formatCount } from '../lib/format';
import { useDebouncedValue } from '../lib/use-debounced-value';

export interface CreditorChoice {
  id: string;
  name: string;
}

export interface CreditorPickerProps {
  value: CreditorChoice | null;
  onChange(value: CreditorChoice | null): void;
  /** The trigger's text when nothing is chosen. */
  placeholder: string;
  /** Offer an entry that clears the choice, with this text (e.g. 'Alla borgenärer'). */
  clearLabel?: string;
  /** Only creditors with this status (the wizard offers active ones only). */
  status?: RecordStatus;
  /** Leave this creditor out (e.g. the case's own creditor when picking its ombud). */
  excludeId?: string | null;
  'aria-label': string;
  invalid?: boolean;
  id?: string;
}

const MATCH_LIMIT = 20;

export function CreditorPicker({ value, onChange, placeholder, clearLabel, status, excludeId, invalid, id, ...aria }: CreditorPickerProps) {
  const [open, setOpen] = useState(false);
  const choose = (choice: CreditorChoice | null) => {
    onChange(choice);
    setOpen(false);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger>
        <Button
          id={id}
          type="button"
          variant="surface"
          color="gray"
          className="picker-trigger"
          aria-label={aria['aria-label']}
          aria-invalid={invalid ? true : undefined}
          data-invalid={invalid ? true : undefined}
        >
          <Text truncate highContrast={value !== null}>
            {value ? value.name : placeholder}
          </Text>
          <CaretSortIcon aria-hidden />
        </Button>
      </Popover.Trigger>
      <Popover.Content width="320px" align="start">
        {/* Mounted only while open: the creditors are fetched when someone looks for one. */}
        <CreditorMatches value={value} clearLabel={clearLabel} status={status} excludeId={excludeId} label={aria['aria-label']} onChoose={choose} />
      </Popover.Content>
    </Popover.Root>
  );
}

interface CreditorMatchesProps {
  value: CreditorChoice | null;
  clearLabel?: string;
  status?: RecordStatus;
  excludeId?: string | null;
  label: string;
  onChoose(choice: CreditorChoice | null): void;
}

function CreditorMatches({ value, clearLabel, status, excludeId, label, onChoose }: CreditorMatchesProps) {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const { data, error, isLoading } = useCreditors({ query, status, sort: 'name', order: 'asc', limit: MATCH_LIMIT, offset: 0 });
  const matches = (data?.items ?? []).filter((creditor) => creditor.id !== excludeId);

  return (
    <>
      <TextField.Root
        autoFocus
        type="search"
        value={search}
        placeholder="Sök borgenär"
        aria-label="Sök borgenär"
        onChange={(event) => setSearch(event.target.value)}
      >
        <TextField.Slot>
          <MagnifyingGlassIcon />
        </TextField.Slot>
      </TextField.Root>
      <ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: 280 }} mt="2">
        <Flex direction="column" gap="1" role="listbox" aria-label={label} pr="2">
          {clearLabel ? <PickerOption label={clearLabel} isSelected={value === null} onSelect={() => onChoose(null)} muted /> : null}
          {isLoading && !data ? (
            Array.from({ length: 4 }, (_, index) => <Skeleton key={index} height="28px" />)
          ) : error ? (
            <Text size="2" color="red" my="2">
              Kunde inte hämta borgenärer: {error.message}
            </Text>
          ) : matches.length === 0 ? (
            <Text size="2" color="gray" my="2" align="center">
              Inga borgenärer hittades
            </Text>
          ) : (
            matches.map((creditor) => (
              <PickerOption
                key={creditor.id}
                label={creditor.name}
                hint={creditor.org_no}
                isSelected={value?.id === creditor.id}
                onSelect={() => onChoose({ id: creditor.id, name: creditor.name })}
              />
            ))
          )}
        </Flex>
      </ScrollArea>
      {data && data.total > MATCH_LIMIT ? (
        <Text as="p" size="1" color="gray" mt="2">
          Visar {MATCH_LIMIT} av {formatCount(data.total)}. Sök för att hitta fler.
        </Text>
      ) : null}
    </>
  );
}

interface PickerOptionProps {
  label: string;
  hint?: string | null;
  isSelected: boolean;
  muted?: boolean;
  onSelect(): void;
}

function PickerOption({ label, hint, isSelected, muted, onSelect }: PickerOptionProps) {
  return (
    <button type="button" role="option" aria-selected={isSelected} className="picker-option" onClick={onSelect}>
      <Box flexGrow="1" minWidth="0">
        <Text as="div" size="2" truncate color={muted ? 'gray' : undefined}>
          {label}
        </Text>
        {hint ? (
          <Text as="div" size="1" color="gray">
            {hint}
          </Text>
        ) : null}
      </Box>
      {isSelected ? <CheckIcon aria-hidden /> : null}
    </button>
  );
}
