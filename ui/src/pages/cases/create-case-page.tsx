// /cases/create (spec part 1 §2, §5): a three-step wizard — 1 pick creditor, 2 pick debtor,
// 3 create claim — with Avbryt, Föregående, Nästa and Skapa ärende. Only active creditors and
// parties are offered; 'Nästa' waits for a choice. The case is created as draft.
import { ArrowLeftIcon, ArrowRightIcon, IdCardIcon, PersonIcon, PlusIcon } from '@radix-ui/react-icons';
import { Box, Button, Card, Flex, Heading, Separator, Text } from '@radix-ui/themes';
import { useState } from 'react';
import type { SWRResponse } from 'swr';
import { Link, useLocation } from 'wouter';
import { useCaseMutations } from '../../api/cases';
import { useCreditors, type Creditor } from '../../api/creditors';
import { PARTY_TYPE_LABELS, useParties, type Party } from '../../api/parties';
import type { CreditorChoice } from '../../components/creditor-picker';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { useToast, type ToastInput } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import type { ListPage } from '../../api/list';
import { todayInSweden } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useForm } from '../../lib/use-form';
import { partyIdentifier } from '../parties/party-labels';
import { ClaimStep } from './claim-step';
import { checkCaseCreate, EMPTY_CLAIM_FORM, VALIDATION_TITLE } from './create-case-validation';
import { RecordPicker, type RecordOption, type RecordPickerProps } from './record-picker';
import { WizardSteps } from './wizard-steps';

const STEPS = ['Välj borgenär', 'Välj gäldenär', 'Skapa fordran'] as const;
const STEP_DESCRIPTIONS = [
  'Vem äger fordran? Endast aktiva borgenärer kan väljas.',
  'Vem är skyldig? Endast aktiva gäldenärer kan väljas.',
  'Registrera fordran. Fält märkta * är obligatoriska.',
];
/** Enough to pick from at a glance; the search finds the rest. */
const OPTION_LIMIT = 12;

interface CreditorOption extends RecordOption {
  creditor: Creditor;
}
interface PartyOption extends RecordOption {
  party: Party;
}

function creditorOption(creditor: Creditor): CreditorOption {
  return { id: creditor.id, title: creditor.name, subtitle: creditor.org_no ?? creditor.customer_no, creditor };
}

function partyOption(party: Party): PartyOption {
  return { id: party.id, title: party.name, subtitle: partyIdentifier(party), tag: PARTY_TYPE_LABELS[party.type], party };
}

export function CreateCasePage() {
  const canCreate = useCan('cases.write');
  const header = (
    <PageHeader title="Skapa ärende" description="Registrera en ny fordran i tre steg." back={{ href: '/cases', label: 'Tillbaka till ärenden' }} />
  );
  if (!canCreate) {
    return (
      <>
        {header}
        <ErrorState title="Behörighet saknas" message="Din roll får inte skapa ärenden." />
      </>
    );
  }
  return (
    <>
      {header}
      <CreateCaseWizard />
    </>
  );
}

/** The toast of a refused case: the server's validation reads as the wizard's own. */
function createErrorToast(error: unknown): ToastInput {
  const isValidation = error instanceof ApiError && error.code === 'VALIDATION_FAILED';
  return { title: isValidation ? VALIDATION_TITLE : 'Fel vid skapande', description: (error as Error).message, variant: 'destructive' };
}

function CreateCaseWizard() {
  const [, navigate] = useLocation();
  const { toast } = useToast();
  const { createCase } = useCaseMutations();
  const [step, setStep] = useState(0);
  const [creditor, setCreditor] = useState<CreditorOption | null>(null);
  const [party, setParty] = useState<PartyOption | null>(null);
  const [agentCreditor, setAgentCreditor] = useState<CreditorChoice | null>(null);
  const [today] = useState(todayInSweden);
  const form = useForm(EMPTY_CLAIM_FORM, {
    failure: createErrorToast,
    async submit(claim) {
      const check = checkCaseCreate({ creditorId: creditor?.id ?? null, partyId: party?.id ?? null }, claim, today);
      if (!check.ok) {
        form.setErrors(check.fieldErrors);
        toast({ title: VALIDATION_TITLE, description: check.message, variant: 'destructive' });
        return;
      }
      const created = await createCase(check.body);
      toast({ title: 'Ärende skapat!', description: `${created.claim.reference_no} har skapats som utkast.`, variant: 'success' });
      navigate(`/cases/${created.id}`);
    },
  });

  const canGoNext = (step === 0 && creditor !== null) || (step === 1 && party !== null);

  return (
    <Card size="3" className="wizard-card">
      <WizardSteps steps={STEPS} current={step} />
      <Separator size="4" my="5" />
      <Box mb="4">
        <Heading as="h2" size="5">
          {STEPS[step]}
        </Heading>
        <Text as="p" size="2" color="gray" mt="1">
          {STEP_DESCRIPTIONS[step]}
        </Text>
      </Box>

      {step === 0 ? (
        <DirectoryStep<Creditor, CreditorOption>
          selected={creditor}
          onSelect={setCreditor}
          useList={useCreditors}
          toOption={creditorOption}
          picker={CREDITOR_PICKER}
        />
      ) : null}
      {step === 1 ? (
        <DirectoryStep<Party, PartyOption> selected={party} onSelect={setParty} useList={useParties} toOption={partyOption} picker={PARTY_PICKER} />
      ) : null}
      {step === 2 ? (
        <>
          <ChoiceSummary creditor={creditor} party={party} onEdit={setStep} />
          <ClaimStep
            form={form}
            creditorId={creditor?.id ?? null}
            agentCreditor={agentCreditor}
            onAgentCreditorChange={(choice) => {
              setAgentCreditor(choice);
              form.set({ agent_creditor_id: choice?.id ?? null });
            }}
          />
        </>
      ) : null}

      <Separator size="4" my="5" />
      <WizardNavigation step={step} canGoNext={canGoNext} isSubmitting={form.isSubmitting} onStep={setStep} onSubmit={() => void form.submit()} />
    </Card>
  );
}

interface WizardNavigationProps {
  step: number;
  canGoNext: boolean;
  isSubmitting: boolean;
  onStep(step: number): void;
  onSubmit(): void;
}

/** Avbryt, Föregående, and Nästa or (on the last step) Skapa ärende. */
function WizardNavigation({ step, canGoNext, isSubmitting, onStep, onSubmit }: WizardNavigationProps) {
  return (
    <Flex justify="between" gap="3" wrap="wrap">
      <Button asChild variant="soft" color="gray">
        <Link href="/cases">Avbryt</Link>
      </Button>
      <Flex gap="3">
        <Button variant="soft" disabled={step === 0 || isSubmitting} onClick={() => onStep(step - 1)}>
          <ArrowLeftIcon /> Föregående
        </Button>
        {step < STEPS.length - 1 ? (
          <Button disabled={!canGoNext} onClick={() => onStep(step + 1)}>
            Nästa <ArrowRightIcon />
          </Button>
        ) : (
          <Button loading={isSubmitting} onClick={onSubmit}>
            Skapa ärende
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

/** The picker's list: the first page of active rows by name; the search finds the rest. */
const PICKER_LIST = { status: 'active', sort: 'name', order: 'asc', limit: OPTION_LIMIT, offset: 0 } as const;

const CREDITOR_PICKER = {
  noun: 'borgenär',
  searchPlaceholder: 'Sök på namn, org.nr eller kundnummer',
  emptyState: (
    <EmptyState
      icon={<IdCardIcon width="22" height="22" />}
      title="Inga aktiva kunder"
      description="Ett ärende behöver en aktiv borgenär. Lägg till en kund först."
      action={
        <Button asChild variant="soft">
          <Link href="/customers">
            <PlusIcon /> Till kunder
          </Link>
        </Button>
      }
    />
  ),
};

const PARTY_PICKER = {
  noun: 'gäldenär',
  searchPlaceholder: 'Sök på namn, personnummer eller org.nr',
  emptyState: (
    <EmptyState
      icon={<PersonIcon width="22" height="22" />}
      title="Inga aktiva gäldenärer"
      description="Ett ärende behöver en aktiv gäldenär. Lägg till en part först."
      action={
        <Button asChild variant="soft">
          <Link href="/parties">
            <PlusIcon /> Till parter
          </Link>
        </Button>
      }
    />
  ),
};

interface DirectoryStepProps<T, O extends RecordOption> {
  selected: O | null;
  onSelect(option: O): void;
  /** `useCreditors` or `useParties`, called once on every render like any hook. */
  useList(params: typeof PICKER_LIST & { query: string }): SWRResponse<ListPage<T>, ApiError>;
  toOption(row: T): O;
  picker: Pick<RecordPickerProps<RecordOption>, 'noun' | 'searchPlaceholder' | 'emptyState'>;
}

/** Steps 1 and 2: search and pick an active creditor or debtor. */
function DirectoryStep<T, O extends RecordOption>({ selected, onSelect, useList, toOption, picker }: DirectoryStepProps<T, O>) {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const { data, error, mutate } = useList({ ...PICKER_LIST, query });
  return (
    <RecordPicker
      {...picker}
      search={search}
      onSearchChange={setSearch}
      options={data?.items.map(toOption)}
      total={data?.total ?? 0}
      error={error}
      onRetry={() => void mutate()}
      selected={selected}
      onSelect={onSelect}
    />
  );
}

/** Who the claim is between, with links back to the steps that chose them. */
function ChoiceSummary({ creditor, party, onEdit }: { creditor: CreditorOption | null; party: PartyOption | null; onEdit(step: number): void }) {
  return (
    <Flex className="choice-summary" gap="4" mb="5" wrap="wrap" align="center">
      <ChoiceItem label="Borgenär" value={creditor?.title} onEdit={() => onEdit(0)} />
      <ArrowRightIcon className="choice-arrow" aria-hidden />
      <ChoiceItem label="Gäldenär" value={party ? `${party.title}${party.tag ? ` · ${party.tag}` : ''}` : undefined} onEdit={() => onEdit(1)} />
    </Flex>
  );
}

function ChoiceItem({ label, value, onEdit }: { label: string; value: string | undefined; onEdit(): void }) {
  return (
    <Box minWidth="0">
      <Text as="div" size="1" color="gray">
        {label}
      </Text>
      <Flex gap="2" align="baseline">
        <Text size="2" weight="medium" truncate>
          {value ?? '–'}
        </Text>
        <Button variant="ghost" size="1" onClick={onEdit} aria-label={`Ändra ${label.toLowerCase()}`}>
          Ändra
        </Button>
      </Flex>
    </Box>
  );
}
