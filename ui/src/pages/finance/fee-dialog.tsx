// 'Ny avgift' / 'Redigera avgift' (spec part 2 §3 fee catalogue entry): code, name, amount, tax
// code, valid from. An amount change is saved as a NEW version from a date, so cases keep the
// amount they were charged; name and tax code change on the row itself.
import { InfoCircledIcon } from '@radix-ui/react-icons';
import { Callout, Flex, Grid, Text } from '@radix-ui/themes';
import { useFinanceMutations, type Fee, type FeePatch } from '../../api/finance';
import { DateInput } from '../../components/date-input';
import { FormActions } from '../../components/form/form-actions';
import { FormDialog } from '../../components/form/form-dialog';
import { FormField } from '../../components/form/form-field';
import { MoneyInput } from '../../components/money-input';
import { useToast } from '../../components/toast';
import { readDateField } from '../../lib/date-field';
import type { FieldErrors } from '../../lib/form-errors';
import { changedText, trimmedOrNull } from '../../lib/form-values';
import { formatAmount, formatDate } from '../../lib/format';
import { oreOfDecimal, readMoneyField } from '../../lib/money';
import { useForm } from '../../lib/use-form';

export interface FeeDialogProps {
  open: boolean;
  /** The version to edit; null creates a new fee code. */
  fee: Fee | null;
  /** The server's today (YYYY-MM-DD): the earliest day a new amount may apply from. */
  today: string;
  onOpenChange(open: boolean): void;
}

export function FeeDialog({ open, fee, today, onOpenChange }: FeeDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={fee ? `Redigera avgift ${fee.code}` : 'Ny avgift'}
      description={
        fee
          ? 'Ett nytt belopp sparas som en ny version från ett datum; ärenden som redan har avgiften behåller sitt belopp.'
          : 'Lägg till en avgift i katalogen. Lagstadgade avgifter får inte överstiga lagens belopp (lag 1981:739).'
      }
    >
      <FeeForm key={fee?.id ?? 'new'} fee={fee} today={today} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

interface FeeValues {
  code: string;
  name: string;
  amount: string;
  tax_code: string;
  valid_from: string;
}

function valuesOf(fee: Fee | null, today: string): FeeValues {
  return {
    code: fee?.code ?? '',
    name: fee?.name ?? '',
    amount: fee ? formatAmount(fee.amount, { currency: false }) : '',
    tax_code: fee?.tax_code ?? '',
    // A new amount applies from today, unless the edited version itself starts today or later.
    valid_from: !fee || fee.valid_from < today ? today : '',
  };
}

const upperCase = (text: string) => text.toUpperCase();

/** What the form reads from its text: the amount, the date a new amount applies from, whether it is a new version. */
function readFee(values: FeeValues, fee: Fee | null, today: string) {
  const amount = readMoneyField(values.amount);
  const validFrom = readDateField(values.valid_from, { min: today });
  // A new version only when the amount itself changes: "180" and "180,00" are the same amount.
  const isNewAmount = fee !== null && !(amount.ok && amount.ore === oreOfDecimal(fee.amount));
  return { amount, validFrom, validFromDate: validFrom.ok ? validFrom.date : null, isNewAmount };
}

function feeErrors(values: FeeValues, fee: Fee | null, today: string): FieldErrors<keyof FeeValues> {
  const { amount, validFrom, validFromDate, isNewAmount } = readFee(values, fee, today);
  const problems: FieldErrors<keyof FeeValues> = {};
  if (!fee && !values.code.trim()) problems.code = 'Kod krävs';
  if (!values.name.trim()) problems.name = 'Namn krävs';
  if (!values.amount.trim()) problems.amount = 'Belopp krävs';
  else if (!amount.ok) problems.amount = amount.message;
  if (isNewAmount || !fee) {
    if (!validFrom.ok) problems.valid_from = validFrom.message;
    else if (!validFromDate) problems.valid_from = 'Välj från vilket datum beloppet gäller';
  }
  return problems;
}

/** Only what changed: name and tax code on the version itself, a new amount as a new version. */
function patchOf(initial: FeeValues, values: FeeValues, fee: Fee, today: string): FeePatch {
  const { amount, validFromDate, isNewAmount } = readFee(values, fee, today);
  const changed = changedText(initial, values);
  return {
    ...(changed('name') ? { name: values.name.trim() } : {}),
    ...(changed('tax_code') ? { tax_code: trimmedOrNull(values.tax_code) } : {}),
    ...(isNewAmount && amount.ok ? { amount: amount.decimal, valid_from: validFromDate ?? undefined } : {}),
  };
}

function FeeForm({ fee, today, onDone }: { fee: Fee | null; today: string; onDone(): void }) {
  const { createFee, updateFee } = useFinanceMutations();
  const { toast } = useToast();
  const initial = valuesOf(fee, today);
  const form = useForm(initial, {
    validate: (values) => feeErrors(values, fee, today),
    failure: 'Fel vid sparande',
    async submit(values) {
      if (fee) {
        const patch = patchOf(initial, values, fee, today);
        const written = Object.keys(patch).length > 0 ? await updateFee(fee.id, patch) : fee;
        const description = written.id !== fee.id ? `${fee.code}: ${formatAmount(written.amount)} från ${formatDate(written.valid_from)}` : fee.code;
        toast({ title: 'Sparat', description, variant: 'success' });
      } else {
        const { amount, validFromDate } = readFee(values, fee, today);
        if (!amount.ok) return;
        const input = { code: values.code.trim(), name: values.name.trim(), amount: amount.decimal, tax_code: trimmedOrNull(values.tax_code) };
        const created = await createFee({ ...input, valid_from: validFromDate ?? undefined });
        toast({ title: 'Sparat', description: `${created.code} lades till i avgiftskatalogen`, variant: 'success' });
      }
      onDone();
    },
  });
  const { isNewAmount } = readFee(form.values, fee, today);

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Flex direction="column" gap="3">
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <FormField
            label="Kod *"
            {...form.text('code', upperCase)}
            disabled={fee !== null}
            className="mono"
            hint={fee ? 'Koden kan inte ändras' : 'T.ex. ADMIN_FEE'}
          />
          <FormField label="Skattekod" {...form.text('tax_code', upperCase)} placeholder="EXEMPT" className="mono" />
        </Grid>
        <FormField label="Namn *" {...form.text('name')} />
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <MoneyInput
            label="Belopp (kr) *"
            {...form.input('amount')}
            hint={fee?.statutory_max ? `Lagens högsta belopp: ${formatAmount(fee.statutory_max)}` : 'T.ex. 180 eller 1 250,50'}
          />
          {!fee || isNewAmount ? (
            <DateInput
              label="Gäller från *"
              {...form.input('valid_from')}
              min={today}
              hint={fee ? `Tidigast ${formatDate(today)}, efter ${formatDate(fee.valid_from)}` : undefined}
            />
          ) : null}
        </Grid>
        {fee ? <VersionNote fee={fee} isNewAmount={isNewAmount} /> : null}
      </Flex>
      <FormActions submitLabel={fee ? (isNewAmount ? 'Spara ny version' : 'Spara ändringar') : 'Lägg till avgift'} isSubmitting={form.isSubmitting} />
    </form>
  );
}

/** What an edit changes: a new amount is a new version; name and tax code change this one. */
function VersionNote({ fee, isNewAmount }: { fee: Fee; isNewAmount: boolean }) {
  return (
    <>
      {isNewAmount ? (
        <Callout.Root color="blue" size="1">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Callout.Text>
            Det nya beloppet sparas som en ny version. Nuvarande version ({formatAmount(fee.amount)} från {formatDate(fee.valid_from)}) finns kvar i historiken
            och gäller fram till dess.
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <Text size="1" color="gray">
        Namn och skattekod ändras direkt på den här versionen.
      </Text>
    </>
  );
}
