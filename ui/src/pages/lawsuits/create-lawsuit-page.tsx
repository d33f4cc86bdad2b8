// /lawsuits/create 'Ny stämning' (issue 12): pick the case (from the case page it comes chosen,
// ?case_id=), see the suggested track with its reason (FT up to half a prisbasbelopp), choose the
// track, see its court fee, give a planned filing date and notes; saving opens the new lawsuit.
import { FileTextIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { Box, Button, Callout, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { LAWSUIT_TRACK_LABELS } from '@fordran/core/labels';
import { useCase, useCases } from '../../api/cases';
import { useLawsuitMutations, useLawsuitSuggestion, type LawsuitTrack } from '../../api/lawsuits';
import { DateInput } from '../../components/date-input';
import { EmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/loading-state';
import { RadioList } from '../../components/form/radio-list';
import { TextAreaField } from '../../components/form/text-area-field';
import { NoAccess } from '../../components/no-access';
import { PageHeader } from '../../components/page-header';
import { useToast } from '../../components/toast';
import { readDateField } from '../../lib/date-field';
import { formatAmount } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useForm } from '../../lib/use-form';
import { RecordPicker, type RecordOption } from '../cases/record-picker';

interface LawsuitValues {
  track: LawsuitTrack | '';
  filing_date: string;
  notes: string;
}

const PICKER_SIZE = 6;

export function CreateLawsuitPage() {
  const canWrite = useCan('lawsuits.write');
  const [searchParams] = useSearchParams();
  const presetId = searchParams.get('case_id');
  return (
    <>
      <PageHeader title="Ny stämning" description="Starta ett tvistemål utifrån ett ärende." back={{ href: '/lawsuits', label: 'Tillbaka till tvistemål' }} />
      {!canWrite ? (
        <NoAccess description="Stämningar skapas av juridik och administratörer." />
      ) : presetId ? (
        <PresetCaseForm caseId={presetId} />
      ) : (
        <CreateLawsuitForm preset={null} />
      )}
    </>
  );
}

/** From the case page ('Ny stämning'): the case comes chosen. */
function PresetCaseForm({ caseId }: { caseId: string }) {
  const { data, error } = useCase(caseId);
  if (!data && !error) return <LoadingState />;
  return <CreateLawsuitForm preset={data ? { id: data.id, title: data.claim.reference_no, subtitle: `${data.party.name} · ${data.creditor.name}` } : null} />;
}

function CreateLawsuitForm({ preset }: { preset: RecordOption | null }) {
  const [, navigate] = useLocation();
  const { toast } = useToast();
  const { create } = useLawsuitMutations();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const [selected, setSelected] = useState<RecordOption | null>(preset);
  const cases = useCases({ query, status: 'active', limit: PICKER_SIZE, offset: 0 });
  const caseId = selected?.id ?? null;
  const suggestion = useLawsuitSuggestion(caseId);

  const form = useForm<LawsuitValues>(
    { track: '', filing_date: '', notes: '' },
    {
      failure: 'Fel vid sparande',
      validate: (values) => (values.filing_date && !readDateField(values.filing_date).ok ? { filing_date: 'Ogiltigt datum' } : {}),
      async submit(values) {
        if (!caseId) return;
        const filingDate = readDateField(values.filing_date);
        const lawsuit = await create({
          case_id: caseId,
          ...(values.track ? { track: values.track } : {}),
          filing_date: filingDate.ok ? filingDate.date : null,
          notes: values.notes.trim() || null,
        });
        toast({ title: 'Stämning skapad', description: `${lawsuit.case_reference} · ${lawsuit.track_label}`, variant: 'success' });
        navigate(`/lawsuits/${lawsuit.id}`);
      },
    },
  );
  const suggested = suggestion.data?.track;
  const { set } = form;
  // The suggestion is the starting choice of each case picked; the person may change it.
  useEffect(() => {
    if (suggested) set({ track: suggested });
    // `set` changes with every render; the choice resets only when the suggestion does.
  }, [suggested, caseId]);
  const track = form.values.track;
  const fee = track && suggestion.data ? suggestion.data.court_fees[track] : null;

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Flex direction="column" gap="4" maxWidth="880px">
        <Card size="3">
          <Heading as="h2" size="4" mb="3">
            Ärende
          </Heading>
          <RecordPicker
            noun="ärende"
            searchPlaceholder="Sök på referens, OCR, kund eller gäldenär"
            search={search}
            onSearchChange={setSearch}
            options={cases.data?.items.map((item) => ({
              id: item.id,
              title: item.reference_no,
              subtitle: `${item.party.name} · ${item.creditor.name}`,
              tag: formatAmount(item.total_outstanding),
            }))}
            total={cases.data?.total ?? 0}
            error={cases.error}
            onRetry={() => void cases.mutate()}
            selected={selected}
            onSelect={setSelected}
            emptyState={
              <EmptyState icon={<FileTextIcon width="22" height="22" />} title="Inga aktiva ärenden" description="En stämning utgår från ett aktivt ärende." />
            }
          />
        </Card>

        <Card size="3">
          <Heading as="h2" size="4" mb="3">
            Spår och avgift
          </Heading>
          {suggestion.data ? (
            <Callout.Root color="blue" variant="surface" size="1" mb="3">
              <Callout.Icon>
                <InfoCircledIcon />
              </Callout.Icon>
              <Callout.Text>
                Föreslaget spår: <Text weight="bold">{suggestion.data.track_label}</Text>. {suggestion.data.reason}.
              </Callout.Text>
            </Callout.Root>
          ) : (
            <Text as="p" size="2" color="gray" mb="3">
              Välj ett ärende så föreslås spåret utifrån fordrans värde.
            </Text>
          )}
          <Grid columns={{ initial: '1', sm: '2' }} gap="4">
            <Box>
              <Text as="div" size="2" weight="medium" mb="2" id="lawsuit-track-label">
                Spår
              </Text>
              <RadioList
                aria-labelledby="lawsuit-track-label"
                value={track}
                disabled={!suggestion.data}
                onValueChange={(value) => set({ track: value })}
                options={(['FT', 'ORD'] as const).map((value) => ({
                  value,
                  label: `${value} – ${LAWSUIT_TRACK_LABELS[value]}`,
                  description: suggestion.data ? `Ansökningsavgift ${formatAmount(suggestion.data.court_fees[value])}` : 'Ansökningsavgift enligt spår',
                }))}
              />
            </Box>
            <Flex direction="column" gap="3">
              <Box>
                <Text as="div" size="2" weight="medium">
                  Domstolsavgift
                </Text>
                <Text as="div" size="5" weight="bold" data-testid="court-fee">
                  {fee ? formatAmount(fee) : '–'}
                </Text>
                <Text as="div" size="1" color="gray">
                  Bokförs när stämningen lämnas in.
                </Text>
              </Box>
              <DateInput label="Inlämningsdatum" {...form.input('filing_date')} hint="Planerat datum; sätts när målet markeras som inlämnat" />
            </Flex>
          </Grid>
          <Box mt="4">
            <TextAreaField label="Anteckningar" {...form.input('notes')} maxLength={5000} rows={4} />
          </Box>
        </Card>

        <Flex gap="3" justify="end">
          <Button asChild type="button" variant="soft" color="gray">
            <Link href="/lawsuits">Avbryt</Link>
          </Button>
          <Button type="submit" disabled={!caseId || !track || form.isSubmitting}>
            {form.isSubmitting ? 'Sparar...' : 'Skapa stämning'}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
