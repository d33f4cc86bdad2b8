// 'Ny ränteprofil' / 'Redigera ränteprofil' (spec part 2 §3 interest profile): code, name, base
// (reference rate + margin, or a fixed rate per year) and validity. A profile cases use keeps its
// rate (the server refuses a change); the form says so and locks those fields.
import { InfoCircledIcon, LockClosedIcon } from '@radix-ui/react-icons';
import { Box, Callout, Flex, Grid, RadioCards, Text } from '@radix-ui/themes';
import { useFinanceMutations, type InterestBase, type InterestProfile, type InterestProfileInput, type InterestProfilePatch } from '../../api/finance';
import { DateInput } from '../../components/date-input';
import { FormActions } from '../../components/form/form-actions';
import { FormDialog } from '../../components/form/form-dialog';
import { FormField } from '../../components/form/form-field';
import { useToast } from '../../components/toast';
import { readDateField } from '../../lib/date-field';
import type { FieldErrors } from '../../lib/form-errors';
import { changedText, trimmedOrNull } from '../../lib/form-values';
import { basisPointsToPercentPoints, percentPointsToBasisPoints } from '../../lib/rates';
import { useForm, type Form } from '../../lib/use-form';

export interface InterestProfileDialogProps {
  open: boolean;
  /** The profile to edit; null creates a new one. */
  profile: InterestProfile | null;
  onOpenChange(open: boolean): void;
}

export function InterestProfileDialog({ open, profile, onOpenChange }: InterestProfileDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={profile ? `Redigera ränteprofil ${profile.code}` : 'Ny ränteprofil'}
      description="Räntan räknas som enkel ränta per dag (räntesats / 365) på kapitalet."
    >
      <InterestProfileForm key={profile?.id ?? 'new'} profile={profile} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

interface ProfileValues {
  code: string;
  name: string;
  base: InterestBase;
  margin: string;
  fixed_rate: string;
  valid_from: string;
  valid_to: string;
}

function valuesOf(profile: InterestProfile | null): ProfileValues {
  return {
    code: profile?.code ?? '',
    name: profile?.name ?? '',
    base: profile?.base ?? 'fixed',
    margin: profile?.margin_bp !== null && profile?.margin_bp !== undefined ? basisPointsToPercentPoints(profile.margin_bp) : '8',
    fixed_rate: profile?.fixed_rate_pa?.replace('.', ',') ?? '',
    valid_from: profile?.valid_from ?? '',
    valid_to: profile?.valid_to ?? '',
  };
}

/** The rate as the list will show it, for the form's preview. */
function previewOf(values: ProfileValues): string | null {
  if (values.base === 'REFERENCE_RATE') {
    const bp = percentPointsToBasisPoints(values.margin);
    return bp === null ? null : `Referensränta ${bp < 0 ? '-' : '+'} ${basisPointsToPercentPoints(Math.abs(bp))} %`;
  }
  return /^\d{1,3}([.,]\d{1,4})?$/.test(values.fixed_rate.trim()) ? `${values.fixed_rate.trim().replace('.', ',')} % per år` : null;
}

/** The validity as typed, read: a profile cannot end before it starts. */
function readValidity(values: ProfileValues) {
  const validFrom = readDateField(values.valid_from);
  const earliestEnd = validFrom.ok ? (validFrom.date ?? undefined) : undefined;
  return { validFrom, validTo: readDateField(values.valid_to, { min: earliestEnd }), earliestEnd };
}

function profileErrors(values: ProfileValues, isNew: boolean): FieldErrors<keyof ProfileValues> {
  const { validFrom, validTo } = readValidity(values);
  const problems: FieldErrors<keyof ProfileValues> = {};
  if (isNew && !values.code.trim()) problems.code = 'Kod krävs';
  if (values.base === 'REFERENCE_RATE' && percentPointsToBasisPoints(values.margin) === null) {
    problems.margin = 'Ange marginalen i procentenheter med högst två decimaler, t.ex. 8';
  }
  if (values.base === 'fixed' && !values.fixed_rate.trim()) problems.fixed_rate = 'Ange räntan i procent per år, t.ex. 8,50';
  if (!validFrom.ok) problems.valid_from = validFrom.message;
  if (!validTo.ok) problems.valid_to = validTo.message;
  return problems;
}

/** The rate fields the API takes for the base chosen. */
function rateOf(values: ProfileValues): Pick<InterestProfileInput, 'base' | 'margin_bp' | 'fixed_rate_pa'> {
  return values.base === 'REFERENCE_RATE'
    ? { base: values.base, margin_bp: percentPointsToBasisPoints(values.margin) }
    : { base: values.base, fixed_rate_pa: values.fixed_rate.trim() };
}

function datesOf(values: ProfileValues): { valid_from: string | null; valid_to: string | null } {
  const { validFrom, validTo } = readValidity(values);
  return { valid_from: validFrom.ok ? validFrom.date : null, valid_to: validTo.ok ? validTo.date : null };
}

/** Only what changed; the rate as a whole when its base or its number changed. */
function patchOf(initial: ProfileValues, values: ProfileValues): InterestProfilePatch {
  const dates = datesOf(values);
  const rateChanged =
    values.base !== initial.base || (values.base === 'REFERENCE_RATE' ? values.margin !== initial.margin : values.fixed_rate !== initial.fixed_rate);
  return {
    ...(changedText(initial, values)('name') ? { name: trimmedOrNull(values.name) } : {}),
    ...(dates.valid_from !== (initial.valid_from || null) ? { valid_from: dates.valid_from } : {}),
    ...(dates.valid_to !== (initial.valid_to || null) ? { valid_to: dates.valid_to } : {}),
    ...(rateChanged ? rateOf(values) : {}),
  };
}

function InterestProfileForm({ profile, onDone }: { profile: InterestProfile | null; onDone(): void }) {
  const { createInterestProfile, updateInterestProfile } = useFinanceMutations();
  const { toast } = useToast();
  const initial = valuesOf(profile);
  const form = useForm(initial, {
    validate: (values) => profileErrors(values, profile === null),
    failure: 'Fel vid sparande',
    async submit(values) {
      if (profile) {
        const patch = patchOf(initial, values);
        if (Object.keys(patch).length > 0) await updateInterestProfile(profile.id, patch);
        toast({ title: 'Sparat', description: profile.code, variant: 'success' });
      } else {
        const created = await createInterestProfile({ code: values.code.trim(), name: trimmedOrNull(values.name), ...rateOf(values), ...datesOf(values) });
        toast({ title: 'Sparat', description: `Ränteprofilen ${created.code} skapades (${created.rate_display})`, variant: 'success' });
      }
      onDone();
    },
  });
  const isRateLocked = profile?.in_use ?? false;

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Flex direction="column" gap="3">
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <FormField
            label="Kod *"
            {...form.text('code', (text) => text.toUpperCase())}
            disabled={profile !== null}
            className="mono"
            hint={profile ? 'Koden kan inte ändras' : 'T.ex. FAST_10'}
          />
          <FormField label="Namn" {...form.text('name')} placeholder="Visas för handläggare" />
        </Grid>
        <RateFields form={form} isRateLocked={isRateLocked} />
        <ValidityFields form={form} />
      </Flex>
      <FormActions submitLabel={profile ? 'Spara ändringar' : 'Skapa ränteprofil'} isSubmitting={form.isSubmitting} />
    </form>
  );
}

/** The base (reference rate + margin, or fixed), its number and the rate as the list will show it. */
function RateFields({ form, isRateLocked }: { form: Form<ProfileValues>; isRateLocked: boolean }) {
  const preview = previewOf(form.values);
  return (
    <>
      <Box>
        <Text as="div" size="2" weight="medium" mb="1" id="interest-base-label">
          Bas
        </Text>
        <RadioCards.Root
          value={form.values.base}
          onValueChange={(value) => form.set({ base: value as InterestBase })}
          columns={{ initial: '1', sm: '2' }}
          size="1"
          disabled={isRateLocked}
          aria-labelledby="interest-base-label"
        >
          <BaseCard value="REFERENCE_RATE" title="Referensränta + marginal" text="Följer Riksbankens referensränta per halvår" />
          <BaseCard value="fixed" title="Fast ränta" text="Samma räntesats per år hela tiden" />
        </RadioCards.Root>
      </Box>

      <Grid columns={{ initial: '1', sm: '2' }} gap="3" align="end">
        {form.values.base === 'REFERENCE_RATE' ? (
          <FormField
            label="Marginal (procentenheter) *"
            {...form.text('margin')}
            disabled={isRateLocked}
            inputMode="decimal"
            hint="Dröjsmålsränta enligt räntelagen 6 § är 8"
          />
        ) : (
          <FormField
            label="Ränta (% per år) *"
            {...form.text('fixed_rate')}
            disabled={isRateLocked}
            inputMode="decimal"
            hint="Högst fyra decimaler, t.ex. 8,50"
          />
        )}
        <Box pb="1">
          <Text as="div" size="1" color="gray">
            Visas som
          </Text>
          <Text as="div" size="3" weight="bold">
            {preview ?? '–'}
          </Text>
        </Box>
      </Grid>

      {isRateLocked ? (
        <Callout.Root color="amber" size="1">
          <Callout.Icon>
            <LockClosedIcon />
          </Callout.Icon>
          <Callout.Text>Ärenden använder profilen, så räntan kan inte ändras. Skapa en ny profil med den nya räntan i stället.</Callout.Text>
        </Callout.Root>
      ) : null}
    </>
  );
}

function BaseCard({ value, title, text }: { value: InterestBase; title: string; text: string }) {
  return (
    <RadioCards.Item value={value}>
      <Flex direction="column">
        <Text weight="bold">{title}</Text>
        <Text size="1" color="gray">
          {text}
        </Text>
      </Flex>
    </RadioCards.Item>
  );
}

function ValidityFields({ form }: { form: Form<ProfileValues> }) {
  const { earliestEnd } = readValidity(form.values);
  return (
    <>
      <Grid columns={{ initial: '1', sm: '2' }} gap="3">
        <DateInput label="Giltig från" {...form.input('valid_from')} />
        <DateInput label="Giltig till" {...form.input('valid_to')} min={earliestEnd} />
      </Grid>
      <Flex gap="2" align="center">
        <InfoCircledIcon color="gray" />
        <Text size="1" color="gray">
          Giltighetstiden styr när profilen kan väljas för nya ärenden; den avbryter aldrig räntan på ett ärende.
        </Text>
      </Flex>
    </>
  );
}
