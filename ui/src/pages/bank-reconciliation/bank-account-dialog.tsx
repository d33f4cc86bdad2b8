// 'Nytt bankkonto' / 'Redigera bankkonto': name, type (client funds or operating), IBAN, bankgiro
// and plusgiro (checked by the server: mod-97 and Luhn), bank, and active on edit.
import { Button, Dialog, Flex, Select, Switch, Text } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import { BANK_ACCOUNT_TYPE_LABELS } from '@fordran/core/labels';
import { useBankMutations, type BankAccount, type BankAccountInput, type BankAccountType } from '../../api/bank';
import { ApiError } from '../../lib/api-client';
import { FormField } from '../../components/form-field';
import { useToast } from '../../components/toast';
import { formatIban } from '../../lib/format';

export interface BankAccountDialogProps {
  open: boolean;
  /** The account to edit; null adds a new one. */
  account: BankAccount | null;
  onOpenChange(open: boolean): void;
}

export function BankAccountDialog({ open, account, onOpenChange }: BankAccountDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>{account ? 'Redigera bankkonto' : 'Nytt bankkonto'}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Klientmedel hålls åtskilda från organisationens egna pengar på ett eget konto.
        </Dialog.Description>
        {/* Mounted only while open, so every opening starts from the saved values. */}
        {open ? <BankAccountForm key={account?.id ?? 'new'} account={account} onDone={() => onOpenChange(false)} /> : null}
      </Dialog.Content>
    </Dialog.Root>
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

type FieldErrors = Partial<Record<'account_name' | 'iban' | 'bg_number' | 'pg_number', string>>;

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

/** The server's identifier errors belong under their field. */
function fieldErrorOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  if (error.code === 'INVALID_IBAN') return { iban: error.message };
  if (error.code === 'INVALID_BANKGIRO') return { bg_number: error.message };
  if (error.code === 'INVALID_PLUSGIRO') return { pg_number: error.message };
  return {};
}

function BankAccountForm({ account, onDone }: { account: BankAccount | null; onDone(): void }) {
  const { createBankAccount, updateBankAccount } = useBankMutations();
  const { toast } = useToast();
  const [values, setValues] = useState(() => valuesOf(account));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSaving, setIsSaving] = useState(false);

  const setText = (field: 'account_name' | 'iban' | 'bg_number' | 'pg_number' | 'provider') => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!values.account_name.trim()) {
      setErrors({ account_name: 'Kontonamn krävs' });
      return;
    }
    const input: BankAccountInput = {
      account_name: values.account_name.trim(),
      type: values.type,
      iban: values.iban.trim() || null,
      bg_number: values.bg_number.trim() || null,
      pg_number: values.pg_number.trim() || null,
      provider: values.provider.trim() || null,
      is_active: values.is_active,
    };
    setIsSaving(true);
    try {
      if (account) await updateBankAccount(account.id, input);
      else await createBankAccount(input);
      toast({ title: 'Sparat', description: input.account_name, variant: 'success' });
      onDone();
    } catch (saveError) {
      setErrors(fieldErrorOf(saveError));
      toast({ title: 'Fel vid sparande', description: (saveError as Error).message, variant: 'destructive' });
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Flex direction="column" gap="3">
        <FormField label="Kontonamn" value={values.account_name} onChange={setText('account_name')} error={errors.account_name} autoFocus />
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" id="bank-account-type-label">
            Kontotyp
          </Text>
          <Select.Root value={values.type} onValueChange={(type) => setValues((current) => ({ ...current, type: type as BankAccountType }))}>
            <Select.Trigger aria-labelledby="bank-account-type-label" />
            <Select.Content position="popper">
              <Select.Item value="client_funds">{BANK_ACCOUNT_TYPE_LABELS.client_funds}</Select.Item>
              <Select.Item value="operating">{BANK_ACCOUNT_TYPE_LABELS.operating}</Select.Item>
            </Select.Content>
          </Select.Root>
        </Flex>
        <FormField label="IBAN" value={values.iban} onChange={setText('iban')} error={errors.iban} hint="T.ex. SE45 5000 0000 0583 9825 7466" />
        <FormField label="Bankgiro" value={values.bg_number} onChange={setText('bg_number')} error={errors.bg_number} hint="NNN-NNNN eller NNNN-NNNN" />
        <FormField label="Plusgiro" value={values.pg_number} onChange={setText('pg_number')} error={errors.pg_number} hint="2–8 siffror, t.ex. 90 20 03-3" />
        <FormField label="Bank" value={values.provider} onChange={setText('provider')} />
        {account ? (
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Switch checked={values.is_active} onCheckedChange={(is_active) => setValues((current) => ({ ...current, is_active }))} />
              Aktivt konto
            </Flex>
          </Text>
        ) : null}
        <Flex gap="3" justify="end" mt="3">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray">
              Avbryt
            </Button>
          </Dialog.Close>
          <Button type="submit" loading={isSaving}>
            Spara
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
