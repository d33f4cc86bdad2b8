// 'Nytt bankkonto' / 'Redigera bankkonto': name, type (client funds or operating), IBAN, bankgiro
// and plusgiro (checked by the server: mod-97 and Luhn), bank, and active on edit.
import { Flex, Switch, Text } from '@radix-ui/themes';
import { BANK_ACCOUNT_TYPE_LABELS } from '@fordran/core/labels';
import { useBankMutations, type BankAccount, type BankAccountInput, type BankAccountType } from '../../api/bank';
import { FormActions } from '../../components/form/form-actions';
import { FormDialog } from '../../components/form/form-dialog';
import { FormField } from '../../components/form/form-field';
import { SelectField } from '../../components/form/select-field';
import { useToast } from '../../components/toast';
import { formatIban } from '../../lib/format';
import { trimmedOrNull } from '../../lib/form-values';
import { useForm } from '../../lib/use-form';

export interface BankAccountDialogProps {
  open: boolean;
  /** The account to edit; null adds a new one. */
  account: BankAccount | null;
  onOpenChange(open: boolean): void;
}

export function BankAccountDialog({ open, account, onOpenChange }: BankAccountDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      maxWidth="520px"
      title={account ? 'Redigera bankkonto' : 'Nytt bankkonto'}
      description="Klientmedel hålls åtskilda från organisationens egna pengar på ett eget konto."
    >
      <BankAccountForm key={account?.id ?? 'new'} account={account} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

interface Values {
  account_name: string;
  type: BankAccountType;
  iban: string;
  bg_number: string;
  pg_number: string;
  provider: string;
  is_active: boolean;
}

const TYPE_OPTIONS = (['client_funds', 'operating'] as const).map((value) => ({ value, label: BANK_ACCOUNT_TYPE_LABELS[value] }));

function valuesOf(account: BankAccount | null): Values {
  return {
    account_name: account?.account_name ?? '',
    type: account?.type ?? 'client_funds',
    iban: account?.iban ? formatIban(account.iban) : '',
    bg_number: account?.bg_number ?? '',
    pg_number: account?.pg_number ?? '',
    provider: account?.provider ?? '',
    is_active: account?.is_active ?? true,
  };
}

function inputOf(values: Values): BankAccountInput {
  return {
    account_name: values.account_name.trim(),
    type: values.type,
    iban: trimmedOrNull(values.iban),
    bg_number: trimmedOrNull(values.bg_number),
    pg_number: trimmedOrNull(values.pg_number),
    provider: trimmedOrNull(values.provider),
    is_active: values.is_active,
  };
}

function BankAccountForm({ account, onDone }: { account: BankAccount | null; onDone(): void }) {
  const { createBankAccount, updateBankAccount } = useBankMutations();
  const { toast } = useToast();
  const form = useForm(valuesOf(account), {
    validate: (values) => (values.account_name.trim() ? {} : { account_name: 'Kontonamn krävs' }),
    failure: 'Fel vid sparande',
    async submit(values) {
      const input = inputOf(values);
      if (account) await updateBankAccount(account.id, input);
      else await createBankAccount(input);
      toast({ title: 'Sparat', description: input.account_name, variant: 'success' });
      onDone();
    },
  });

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Flex direction="column" gap="3">
        <FormField label="Kontonamn" {...form.text('account_name')} autoFocus />
        <SelectField label="Kontotyp" options={TYPE_OPTIONS} {...form.input('type')} />
        <FormField label="IBAN" {...form.text('iban')} hint="T.ex. SE45 5000 0000 0583 9825 7466" />
        <FormField label="Bankgiro" {...form.text('bg_number')} hint="NNN-NNNN eller NNNN-NNNN" />
        <FormField label="Plusgiro" {...form.text('pg_number')} hint="2–8 siffror, t.ex. 90 20 03-3" />
        <FormField label="Bank" {...form.text('provider')} />
        {account ? (
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Switch checked={form.values.is_active} onCheckedChange={(is_active) => form.set({ is_active })} />
              Aktivt konto
            </Flex>
          </Text>
        ) : null}
      </Flex>
      <FormActions submitLabel="Spara" isSubmitting={form.isSubmitting} />
    </form>
  );
}
