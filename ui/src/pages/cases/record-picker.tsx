// Steps 1 and 2 of the create-case wizard: a search field and the first active creditors or
// parties that match it, as radio cards. The server searches; only a short page is shown.
import { CheckCircledIcon, MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Box, Callout, Flex, RadioCards, Skeleton, Text, TextField } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { ApiError } from '../../lib/api-client';
import { formatCount } from '../../lib/format';
import { ErrorState } from '../../components/error-state';

export interface RecordOption {
  id: string;
  title: string;
  subtitle?: string | null;
  /** A short tag beside the title (e.g. 'Person' / 'Företag'). */
  tag?: string;
}

export interface RecordPickerProps<T extends RecordOption> {
  /** What is picked ('borgenär', 'gäldenär'): used in labels. */
  noun: string;
  searchPlaceholder: string;
  search: string;
  onSearchChange(text: string): void;
  /** The current matches; undefined while the first page loads. */
  options: T[] | undefined;
  total: number;
  error: ApiError | undefined;
  onRetry(): void;
  selected: T | null;
  onSelect(option: T): void;
  /** Shown when there is nothing at all to pick (no search text). */
  emptyState: ReactNode;
}

export function RecordPicker<T extends RecordOption>(props: RecordPickerProps<T>) {
  const { noun, searchPlaceholder, search, onSearchChange, options, total, error, onRetry, selected, onSelect, emptyState } = props;
  const isSearching = search.trim() !== '';

  return (
    <Flex direction="column" gap="3">
      <TextField.Root
        type="search"
        size="3"
        value={search}
        placeholder={searchPlaceholder}
        aria-label={`Sök ${noun}`}
        onChange={(event) => onSearchChange(event.target.value)}
      >
        <TextField.Slot>
          <MagnifyingGlassIcon />
        </TextField.Slot>
      </TextField.Root>

      {selected ? (
        <Callout.Root color="green" variant="surface" size="1">
          <Callout.Icon>
            <CheckCircledIcon />
          </Callout.Icon>
          <Callout.Text>
            Vald {noun}: <Text weight="bold">{selected.title}</Text>
            {selected.subtitle ? ` (${selected.subtitle})` : null}
          </Callout.Text>
        </Callout.Root>
      ) : null}

      {error && !options ? (
        <ErrorState message={error.message} onRetry={onRetry} />
      ) : !options ? (
        <Box className="record-grid">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height="62px" />
          ))}
        </Box>
      ) : options.length === 0 ? (
        isSearching ? (
          <Text size="2" color="gray" align="center" my="5">
            Ingen aktiv {noun} matchar ”{search.trim()}”.
          </Text>
        ) : (
          emptyState
        )
      ) : (
        <>
          <RadioCards.Root
            className="record-grid"
            value={selected?.id ?? ''}
            aria-label={`Välj ${noun}`}
            onValueChange={(id) => {
              const option = options.find((candidate) => candidate.id === id);
              if (option) onSelect(option);
            }}
          >
            {options.map((option) => (
              <RadioCards.Item key={option.id} value={option.id} className="record-card">
                <Flex direction="column" width="100%" minWidth="0">
                  <Flex align="center" justify="between" gap="2">
                    <Text weight="medium" truncate>
                      {option.title}
                    </Text>
                    {option.tag ? (
                      <Text size="1" color="gray" className="nowrap">
                        {option.tag}
                      </Text>
                    ) : null}
                  </Flex>
                  <Text size="1" color="gray" truncate>
                    {option.subtitle || '–'}
                  </Text>
                </Flex>
              </RadioCards.Item>
            ))}
          </RadioCards.Root>
          {total > options.length ? (
            <Text size="1" color="gray">
              Visar {formatCount(options.length)} av {formatCount(total)} aktiva. Sök för att hitta fler.
            </Text>
          ) : null}
        </>
      )}
    </Flex>
  );
}
