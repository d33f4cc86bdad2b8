// Step 3 of the create-case wizard: the claim (spec part 1 §2: reference number, principal amount
// with 2 decimals, due date, contract type, notes), the day the claim arose (prescription, issue
// 12) and the mandate of part 2 §3.
import { Box, Checkbox, Flex, Grid, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { MANDATE_TYPE_LABELS, MANDATE_TYPES } from '../../api/case-types';
import { CreditorPicker, type CreditorChoice } from '../../components/creditor-picker';
import { DateInput } from '../../components/date-input';
import { FieldFrame } from '../../components/form/field-frame';
import { FormField } from '../../components/form/form-field';
import { SelectField } from '../../components/form/select-field';
import { TextAreaField } from '../../components/form/text-area-field';
import { MoneyInput } from '../../components/money-input';
import type { Form } from '../../lib/use-form';
import type { ClaimFormValues } from './create-case-validation';

const CONTRACT_TYPES = ['Faktura', 'Kreditavtal', 'Låneavtal', 'Hyresavtal', 'Abonnemang', 'Tjänsteavtal'];
const MANDATE_OPTIONS = MANDATE_TYPES.map((type) => ({ value: type, label: MANDATE_TYPE_LABELS[type] }));

export interface ClaimStepProps {
  form: Form<ClaimFormValues>;
  /** The case's creditor (the ombud must be another one). */
  creditorId: string | null;
  agentCreditor: CreditorChoice | null;
  onAgentCreditorChange(choice: CreditorChoice | null): void;
}

export function ClaimStep({ form, ...mandate }: ClaimStepProps) {
  return (
    <Flex direction="column" gap="4">
      <ClaimFields form={form} />
      <MandateFields form={form} {...mandate} />
      <Text as="label" size="2">
        <Flex gap="2" align="start">
          <Checkbox mt="1" checked={form.values.reminder_fee_agreed} onCheckedChange={(checked) => form.set({ reminder_fee_agreed: checked === true })} />
          <Box>
            <Text weight="medium">Påminnelseavgift avtalad</Text>
            <Text as="p" size="1" color="gray">
              Påminnelseavgift får bara tas ut om den avtalades när skulden uppstod (lag 1981:739 2 §).
            </Text>
          </Box>
        </Flex>
      </Text>
      <TextAreaField label="Anteckningar" rows={3} maxLength={2000} placeholder="Intern anteckning om fordran" {...form.input('notes')} />
    </Flex>
  );
}

function ClaimFields({ form }: { form: Form<ClaimFormValues> }) {
  const contractListId = useId();
  return (
    <Grid columns={{ initial: '1', sm: '2' }} gap="4">
      <FormField label="Referensnummer *" {...form.text('reference_no')} hint="Fakturanummer eller borgenärens referens" autoComplete="off" maxLength={100} />
      <MoneyInput label="Kapitalbelopp (kr) *" {...form.input('principal_amount')} hint="Högst två decimaler, t.ex. 7 950,00" />
      <DateInput label="Förfallodatum *" {...form.input('due_date')} hint="Dagen fordran skulle ha betalats, ÅÅÅÅ-MM-DD" />
      <Flex direction="column" gap="2">
        <DateInput
          label="Fordran uppkom (fakturadatum)"
          {...form.input('arose_on')}
          hint="Preskriptionen räknas från denna dag, inte förfallodagen (preskriptionslagen 2 §). Tomt: förfallodagen används som uppskattning."
        />
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox checked={form.values.arose_on_estimated} onCheckedChange={(checked) => form.set({ arose_on_estimated: checked === true })} />
            Datumet är uppskattat
          </Flex>
        </Text>
      </Flex>
      <FormField label="Avtalstyp" {...form.text('contract_type')} list={contractListId} placeholder="T.ex. Faktura" autoComplete="off" maxLength={100} />
      <datalist id={contractListId}>
        {CONTRACT_TYPES.map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
    </Grid>
  );
}

/** 'Uppdragstyp' and, for a mandate via an ombud, the ombud (another active creditor). */
function MandateFields({ form, creditorId, agentCreditor, onAgentCreditorChange }: ClaimStepProps) {
  const error = form.errors.agent_creditor_id;
  return (
    <Grid columns={{ initial: '1', sm: '2' }} gap="4">
      <SelectField label="Uppdragstyp" options={MANDATE_OPTIONS} {...form.input('mandate_type')} />
      {form.values.mandate_type === 'agent' ? (
        <FieldFrame label="Ombud (borgenär) *" error={error}>
          {({ id }) => (
            <CreditorPicker
              id={id}
              aria-label="Välj ombud"
              placeholder="Välj ombud"
              status="active"
              excludeId={creditorId}
              value={agentCreditor}
              invalid={Boolean(error)}
              onChange={onAgentCreditorChange}
            />
          )}
        </FieldFrame>
      ) : null}
    </Grid>
  );
}
