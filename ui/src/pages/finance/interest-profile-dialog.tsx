// 'Ny ränteprofil' / 'Redigera ränteprofil' (spec part 2 §3 interest profile): code, name, base
// (reference rate + margin, or a fixed rate per year) and validity. A profile cases use keeps its
// rate (the server refuses a change); the form says so and locks those fields.
import { InfoCircledIcon, LockClosedIcon } from '@radix-ui/react-icons';
import { Box, Button, Callout, Dialog, Flex, Grid, RadioCards, Text } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import { useFinanceMutations, type InterestBase, type InterestProfile, type InterestProfilePatch } from '../../api/finance';
import { DateInput } from '../../components/date-input';
import { FormField } from '../../components/form-field';
import { useToast } from '../../components/toast';
import { readDateField } from '../../lib/date-field';
import { basisPointsToPercentPoints, percentPointsToBasisPoints } from '../../lib/rates';
import { useFocusReturn } from '../../lib/focus-return';

export interface InterestProfileDialogProps {
  open: boolean;
  /** The profile to edit; null creates a new one. */
  profile: InterestProfile | null;
  onOpenChange(open: boolean): void;
}

export function InterestProfileDialog({ open, profile, onOpenChange }: InterestProfileDialogProps) {
  const returnFocus = useFocusReturn(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="560px" onCloseAutoFocus={returnFocus}>
        <Dialog.Title>{profile ? `Redigera ränteprofil ${profile.code}` : 'Ny ränteprofil'}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Räntan räknas som enkel ränta per dag (räntesats / 365) på kapitalet.
        </Dialog.Description>
        {open ? <InterestProfileForm key={profile?.id ?? 'new'} profile={profile} onDone={() => onOpenChange(false)} /> : null}
      </Dialog.Content>
    </Dialog.Root>
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

function InterestProfileForm({ profile, onDone }: { profile: InterestProfile | null; onDone(): void }) {
  const { createInterestProfile, updateInterestProfile } = useFinanceMutations();
  const { toast } = useToast();
  const [initial] = useState(() => valuesOf(profile));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof ProfileValues, string>>>({});
  const [isSaving, setIsSaving] = useState(false);
  const isRateLocked = profile?.in_use ?? false;
  const preview = previewOf(values);

  const validFrom = readDateField(values.valid_from);
  // A profile cannot end before it starts.
  const earliestEnd = validFrom.ok ? (validFrom.date ?? undefined) : undefined;
  const validTo = readDateField(values.valid_to, { min: earliestEnd });

  const setText = (field: keyof ProfileValues) => (text: string) => {
    const value = field === 'code' ? text.toUpperCase() : text;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const set = (field: keyof ProfileValues) => (event: { target: { value: string } }) => setText(field)(event.target.value);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const marginBp = percentPointsToBasisPoints(values.margin);
    const problems: Partial<Record<keyof ProfileValues, string>> = {};
    if (!profile && !values.code.trim()) problems.code = 'Kod krävs';
    if (values.base === 'REFERENCE_RATE' && marginBp === null) problems.margin = 'Ange marginalen i procentenheter med högst två decimaler, t.ex. 8';
    if (values.base === 'fixed' && !values.fixed_rate.trim()) problems.fixed_rate = 'Ange räntan i procent per år, t.ex. 8,50';
    if (!validFrom.ok) problems.valid_from = validFrom.message;
    if (!validTo.ok) problems.valid_to = validTo.message;
    if (!validFrom.ok || !validTo.ok || Object.keys(problems).length > 0) {
      setErrors(problems);
      return;
    }
    const dates = { valid_from: validFrom.date, valid_to: validTo.date };
    const rate = values.base === 'REFERENCE_RATE' ? { base: values.base, margin_bp: marginBp } : { base: values.base, fixed_rate_pa: values.fixed_rate.trim() };
    setIsSaving(true);
    try {
      if (profile) {
        const patch: InterestProfilePatch = {};
        if (values.name.trim() !== initial.name) patch.name = values.name.trim() || null;
        if (dates.valid_from !== (initial.valid_from || null)) patch.valid_from = dates.valid_from;
        if (dates.valid_to !== (initial.valid_to || null)) patch.valid_to = dates.valid_to;
        const rateChanged =
          values.base !== initial.base || (values.base === 'REFERENCE_RATE' ? values.margin !== initial.margin : values.fixed_rate !== initial.fixed_rate);
        if (rateChanged) Object.assign(patch, rate);
        if (Object.keys(patch).length > 0) await updateInterestProfile(profile.id, patch);
        toast({ title: 'Sparat', description: profile.code, variant: 'success' });
      } else {
        const created = await createInterestProfile({
          code: values.code.trim(),
          name: values.name.trim() || null,
          ...rate,
          ...dates,
        });
        toast({ title: 'Sparat', description: `Ränteprofilen ${created.code} skapades (${created.rate_display})`, variant: 'success' });
      }
      onDone();
    } catch (saveError) {
      toast({ title: 'Fel vid sparande', description: (saveError as Error).message, variant: 'destructive' });
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Flex direction="column" gap="3">
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <FormField
            label="Kod *"
            value={values.code}
            onChange={set('code')}
            error={errors.code}
            disabled={profile !== null}
            className="mono"
            hint={profile ? 'Koden kan inte ändras' : 'T.ex. FAST_10'}
          />
          <FormField label="Namn" value={values.name} onChange={set('name')} placeholder="Visas för handläggare" />
        </Grid>

        <Box>
          <Text as="div" size="2" weight="medium" mb="1" id="interest-base-label">
            Bas
          </Text>
          <RadioCards.Root
            value={values.base}
            onValueChange={(value) => setValues((current) => ({ ...current, base: value as InterestBase }))}
            columns={{ initial: '1', sm: '2' }}
            size="1"
            disabled={isRateLocked}
            aria-labelledby="interest-base-label"
          >
            <RadioCards.Item value="REFERENCE_RATE">
              <Flex direction="column">
                <Text weight="bold">Referensränta + marginal</Text>
                <Text size="1" color="gray">
                  Följer Riksbankens referensränta per halvår
                </Text>
              </Flex>
            </RadioCards.Item>
            <RadioCards.Item value="fixed">
              <Flex direction="column">
                <Text weight="bold">Fast ränta</Text>
                <Text size="1" color="gray">
                  Samma räntesats per år hela tiden
                </Text>
              </Flex>
            </RadioCards.Item>
          </RadioCards.Root>
        </Box>

        <Grid columns={{ initial: '1', sm: '2' }} gap="3" align="end">
          {values.base === 'REFERENCE_RATE' ? (
            <FormField
              label="Marginal (procentenheter) *"
              value={values.margin}
              onChange={set('margin')}
              error={errors.margin}
              disabled={isRateLocked}
              inputMode="decimal"
              hint="Dröjsmålsränta enligt räntelagen 6 § är 8"
            />
          ) : (
            <FormField
              label="Ränta (% per år) *"
              value={values.fixed_rate}
              onChange={set('fixed_rate')}
              error={errors.fixed_rate}
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

        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <DateInput label="Giltig från" value={values.valid_from} onValueChange={setText('valid_from')} error={errors.valid_from} />
          <DateInput label="Giltig till" value={values.valid_to} onValueChange={setText('valid_to')} error={errors.valid_to} min={earliestEnd} />
        </Grid>
        <Flex gap="2" align="center">
          <InfoCircledIcon color="gray" />
          <Text size="1" color="gray">
            Giltighetstiden styr när profilen kan väljas för nya ärenden; den avbryter aldrig räntan på ett ärende.
          </Text>
        </Flex>
      </Flex>
      <Flex gap="3" justify="end" mt="5">
        <Dialog.Close>
          <Button type="button" variant="soft" color="gray">
            Avbryt
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Sparar...' : profile ? 'Spara ändringar' : 'Skapa ränteprofil'}
        </Button>
      </Flex>
    </form>
  );
}
