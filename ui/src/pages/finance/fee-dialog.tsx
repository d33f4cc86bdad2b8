// 'Ny avgift' / 'Redigera avgift' (spec part 2 §3 fee catalogue entry): code, name, amount, tax
// code, valid from. An amount change is saved as a NEW version from a date, so cases keep the
// amount they were charged; name and tax code change on the row itself.
import { InfoCircledIcon } from '@radix-ui/react-icons';
import { Button, Callout, Dialog, Flex, Grid, Text } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import { useFinanceMutations, type Fee, type FeePatch } from '../../api/finance';
import { DateInput } from '../../components/date-input';
import { FormField } from '../../components/form-field';
import { MoneyInput } from '../../components/money-input';
import { useToast } from '../../components/toast';
import { readDateField } from '../../lib/date-field';
import { formatAmount, formatDate } from '../../lib/format';
import { useFocusReturn } from '../../lib/focus-return';
import { oreOfDecimal, readMoneyField } from '../../lib/money';

export interface FeeDialogProps {
  open: boolean;
  /** The version to edit; null creates a new fee code. */
  fee: Fee | null;
  /** The server's today (YYYY-MM-DD): the earliest day a new amount may apply from. */
  today: string;
  onOpenChange(open: boolean): void;
}

export function FeeDialog({ open, fee, today, onOpenChange }: FeeDialogProps) {
  const returnFocus = useFocusReturn(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="560px" onCloseAutoFocus={returnFocus}>
        <Dialog.Title>{fee ? `Redigera avgift ${fee.code}` : 'Ny avgift'}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {fee
            ? 'Ett nytt belopp sparas som en ny version från ett datum; ärenden som redan har avgiften behåller sitt belopp.'
            : 'Lägg till en avgift i katalogen. Lagstadgade avgifter får inte överstiga lagens belopp (lag 1981:739).'}
        </Dialog.Description>
        {open ? <FeeForm key={fee?.id ?? 'new'} fee={fee} today={today} onDone={() => onOpenChange(false)} /> : null}
      </Dialog.Content>
    </Dialog.Root>
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

function FeeForm({ fee, today, onDone }: { fee: Fee | null; today: string; onDone(): void }) {
  const { createFee, updateFee } = useFinanceMutations();
  const { toast } = useToast();
  const [initial] = useState(() => valuesOf(fee, today));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof FeeValues, string>>>({});
  const [isSaving, setIsSaving] = useState(false);
  const amount = readMoneyField(values.amount);
  const validFrom = readDateField(values.valid_from, { min: today });
  const validFromDate = validFrom.ok ? validFrom.date : null;
  // A new version only when the amount itself changes: "180" and "180,00" are the same amount.
  const isNewAmount = fee !== null && !(amount.ok && amount.ore === oreOfDecimal(fee.amount));

  const setText = (field: keyof FeeValues) => (text: string) => {
    const value = field === 'code' || field === 'tax_code' ? text.toUpperCase() : text;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const set = (field: keyof FeeValues) => (event: { target: { value: string } }) => setText(field)(event.target.value);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: Partial<Record<keyof FeeValues, string>> = {};
    if (!fee && !values.code.trim()) problems.code = 'Kod krävs';
    if (!values.name.trim()) problems.name = 'Namn krävs';
    if (!values.amount.trim()) problems.amount = 'Belopp krävs';
    else if (!amount.ok) problems.amount = amount.message;
    if (isNewAmount || !fee) {
      if (!validFrom.ok) problems.valid_from = validFrom.message;
      else if (!validFromDate) problems.valid_from = 'Välj från vilket datum beloppet gäller';
    }
    if (!amount.ok || Object.keys(problems).length > 0) {
      setErrors(problems);
      return;
    }
    setIsSaving(true);
    try {
      if (fee) {
        const patch: FeePatch = {};
        if (values.name.trim() !== initial.name) patch.name = values.name.trim();
        if (values.tax_code.trim() !== initial.tax_code) patch.tax_code = values.tax_code.trim() || null;
        if (isNewAmount) {
          patch.amount = amount.decimal;
          patch.valid_from = validFromDate ?? undefined;
        }
        const written = Object.keys(patch).length > 0 ? await updateFee(fee.id, patch) : fee;
        toast({
          title: 'Sparat',
          description: written.id !== fee.id ? `${fee.code}: ${formatAmount(written.amount)} från ${formatDate(written.valid_from)}` : fee.code,
          variant: 'success',
        });
      } else {
        const created = await createFee({
          code: values.code.trim(),
          name: values.name.trim(),
          amount: amount.decimal,
          tax_code: values.tax_code.trim() || null,
          valid_from: validFromDate ?? undefined,
        });
        toast({ title: 'Sparat', description: `${created.code} lades till i avgiftskatalogen`, variant: 'success' });
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
            disabled={fee !== null}
            className="mono"
            hint={fee ? 'Koden kan inte ändras' : 'T.ex. ADMIN_FEE'}
          />
          <FormField label="Skattekod" value={values.tax_code} onChange={set('tax_code')} placeholder="EXEMPT" className="mono" />
        </Grid>
        <FormField label="Namn *" value={values.name} onChange={set('name')} error={errors.name} />
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <MoneyInput
            label="Belopp (kr) *"
            value={values.amount}
            onValueChange={setText('amount')}
            error={errors.amount}
            hint={fee?.statutory_max ? `Lagens högsta belopp: ${formatAmount(fee.statutory_max)}` : 'T.ex. 180 eller 1 250,50'}
          />
          {!fee || isNewAmount ? (
            <DateInput
              label="Gäller från *"
              value={values.valid_from}
              min={today}
              onValueChange={setText('valid_from')}
              error={errors.valid_from}
              hint={fee ? `Tidigast ${formatDate(today)}, efter ${formatDate(fee.valid_from)}` : undefined}
            />
          ) : null}
        </Grid>
        {isNewAmount ? (
          <Callout.Root color="blue" size="1">
            <Callout.Icon>
              <InfoCircledIcon />
            </Callout.Icon>
            <Callout.Text>
              Det nya beloppet sparas som en ny version. Nuvarande version ({formatAmount(fee.amount)} från {formatDate(fee.valid_from)}) finns kvar i
              historiken och gäller fram till dess.
            </Callout.Text>
          </Callout.Root>
        ) : null}
        {fee ? (
          <Text size="1" color="gray">
            Namn och skattekod ändras direkt på den här versionen.
          </Text>
        ) : null}
      </Flex>
      <Flex gap="3" justify="end" mt="5">
        <Dialog.Close>
          <Button type="button" variant="soft" color="gray">
            Avbryt
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Sparar...' : fee ? (isNewAmount ? 'Spara ny version' : 'Spara ändringar') : 'Lägg till avgift'}
        </Button>
      </Flex>
    </form>
  );
}
