// The register search at the top of the creditor and party dialogs (spec part 1 §2, §5, §8):
// a value is required, a hit pre-fills the form, no hit asks for manual entry, and a failure
// shows 'Kunde inte söka' while the entered number stays in the field. On no hit or a failure
// the number typed is handed to the form (`onManualEntry`), so it need not be typed twice.
import { CheckCircledIcon, InfoCircledIcon, MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Box, Button, Callout, Flex, Text, TextField } from '@radix-ui/themes';
import { useId, useState, type KeyboardEvent } from 'react';
import { classifyLookupQuery, useLookup, type LookupKind, type LookupResult } from '../api/lookup';
import { ApiError } from '../lib/api-client';
import { useToast } from './toast';

export interface LookupSearchProps {
  label: string;
  placeholder: string;
  /** The message for an empty search ('Ange org.nr' / 'Ange org.nr eller personnr'). */
  emptyMessage: string;
  /** Say beneath the field whether a company or a person will be searched. */
  showKind?: boolean;
  /** Search only this register (the creditor dialog: companies); otherwise the number decides. */
  kind?: LookupKind;
  onPick(result: LookupResult, kind: LookupKind): void;
  /** Nothing found, or the register could not be asked: the form takes the number as typed. */
  onManualEntry(query: string, kind: LookupKind): void;
}

type Outcome =
  | { state: 'idle' }
  | { state: 'no-hit'; kind: LookupKind }
  | { state: 'picked'; name: string }
  | { state: 'choose'; kind: LookupKind; results: LookupResult[] };

/** The title when nothing is found (spec part 1 §8), by the register that was searched. */
const NO_HIT_TITLE: Record<LookupKind, string> = {
  company: 'Inget företag hittades',
  person: 'Ingen information hittades',
};

const KIND_HINT: Record<LookupKind, string> = {
  company: 'Söker företag på organisationsnummer',
  person: 'Söker person på personnummer',
};

/** The identifier a result is shown with in a choice list. */
function identifierOf(result: LookupResult): string {
  return result.organizationNumber ?? result.personalNumber ?? '';
}

export function LookupSearch({ label, placeholder, emptyMessage, showKind, kind, onPick, onManualEntry }: LookupSearchProps) {
  const id = useId();
  const lookup = useLookup();
  const { toast } = useToast();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSearching, setIsSearching] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });

  const pick = (result: LookupResult, kind: LookupKind) => {
    onPick(result, kind);
    setOutcome({ state: 'picked', name: result.name });
  };

  const search = async () => {
    const query = value.trim();
    if (!query) {
      setError(emptyMessage);
      return;
    }
    setError(null);
    setIsSearching(true);
    try {
      const response = await lookup(query, kind);
      const [first] = response.results;
      if (!first) {
        setOutcome({ state: 'no-hit', kind: response.searchType });
        onManualEntry(query, response.searchType);
      } else if (response.results.length === 1) pick(first, response.searchType);
      else setOutcome({ state: 'choose', kind: response.searchType, results: response.results });
    } catch (searchError) {
      // The number stays in the field so the user can try again or type the details in.
      setOutcome({ state: 'idle' });
      onManualEntry(query, kind ?? classifyLookupQuery(query));
      toast({
        title: 'Kunde inte söka',
        // The register's own failure says no more than the title; other errors say why.
        description:
          searchError instanceof ApiError && searchError.code === 'LOOKUP_FAILED'
            ? 'Försök igen om en stund eller fyll i uppgifterna manuellt.'
            : searchError instanceof Error
              ? searchError.message
              : undefined,
        variant: 'destructive',
      });
    } finally {
      setIsSearching(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void search();
  };

  const hint = showKind && value.trim() ? KIND_HINT[classifyLookupQuery(value)] : null;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');

  return (
    <Box className="lookup-search">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <Flex gap="2" mt="1">
        <Box flexGrow="1">
          <TextField.Root
            id={id}
            value={value}
            placeholder={placeholder}
            inputMode="numeric"
            autoComplete="off"
            onChange={(event) => {
              setValue(event.target.value);
              if (error) setError(null);
            }}
            onKeyDown={onKeyDown}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy || undefined}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon />
            </TextField.Slot>
          </TextField.Root>
        </Box>
        <Button type="button" variant="soft" loading={isSearching} onClick={() => void search()}>
          Sök
        </Button>
      </Flex>
      {error ? (
        <Text as="p" id={`${id}-error`} size="1" color="red" mt="1">
          {error}
        </Text>
      ) : hint ? (
        <Text as="p" id={`${id}-hint`} size="1" color="gray" mt="1">
          {hint}
        </Text>
      ) : null}
      {outcome.state === 'no-hit' ? (
        <Callout.Root color="amber" variant="surface" size="1" mt="3">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Flex direction="column">
            <Text size="2" weight="bold">
              {NO_HIT_TITLE[outcome.kind]}
            </Text>
            <Text size="2">Fyll i uppgifterna manuellt</Text>
          </Flex>
        </Callout.Root>
      ) : null}
      {outcome.state === 'picked' ? (
        <Callout.Root color="green" variant="surface" size="1" mt="3">
          <Callout.Icon>
            <CheckCircledIcon />
          </Callout.Icon>
          <Callout.Text>
            Uppgifterna för <Text weight="bold">{outcome.name}</Text> har fyllts i. Kontrollera dem innan du sparar.
          </Callout.Text>
        </Callout.Root>
      ) : null}
      {outcome.state === 'choose' ? (
        <Box mt="3">
          <Text as="p" size="1" color="gray" mb="1">
            {outcome.results.length} träffar – välj en:
          </Text>
          <Flex direction="column" gap="1" role="list">
            {outcome.results.map((result, index) => (
              <Button
                key={`${identifierOf(result)}-${index}`}
                type="button"
                variant="surface"
                color="gray"
                role="listitem"
                className="lookup-choice"
                onClick={() => pick(result, outcome.kind)}
              >
                <Text weight="medium">{result.name}</Text>
                <Text color="gray">{identifierOf(result)}</Text>
              </Button>
            ))}
          </Flex>
        </Box>
      ) : null}
    </Box>
  );
}
