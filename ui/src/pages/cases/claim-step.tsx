// Step 3 of the create-case wizard: the claim (spec part 1 §2: reference number, principal amount
// with 2 decimals, due date, contract type, notes) and the mandate of part 2 §3.
import { Box, Checkbox, Flex, Grid, Select, Text, TextArea } from '@radix-ui/themes';
import { useId, type ReactNode } from 'react';
import { MANDATE_TYPE_LABELS, MANDATE_TYPES, type MandateType } from '../../api/case-types';
import { CreditorPicker, type CreditorChoice } from '../../components/creditor-picker';
import { DateInput } from '../../components/date-input';
import { FormField } from '../../components/form/form-field';
import { MoneyInput } from '../../components/money-input';
import type { ClaimField, ClaimFormValues } from './create-case-validation';

const CONTRACT_TYPES = ['Faktura', 'Kreditavtal', 'Låneavtal', 'Hyresavtal', 'Abonnemang', 'Tjänsteavtal'];

export interface ClaimStepProps {
  values: ClaimFormValues;
  onChange(change: Partial<ClaimFormValues>): void;
  errors: Partial<Record<ClaimField, string>>;
  /** The case's creditor (the ombud must be another one). */
  creditorId: string | null;
  agentCreditor: CreditorChoice | null;
  onAgentCreditorChange(choice: CreditorChoice | null): void;
}

export function ClaimStep({ values, onChange, errors, creditorId, agentCreditor, onAgentCreditorChange }: ClaimStepProps) {
  const contractListId = useId();

  return (
    <Flex direction="column" gap="4">
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        <FormField
          label="Referensnummer *"
          value={values.reference_no}
          onChange={(event) => onChange({ reference_no: event.target.value })}
          error={errors.reference_no}
          hint="Fakturanummer eller borgenärens referens"
          autoComplete="off"
          maxLength={100}
        />
        <MoneyInput
          label="Kapitalbelopp (kr) *"
          value={values.principal_amount}
          onValueChange={(text) => onChange({ principal_amount: text })}
          error={errors.principal_amount}
          hint="Högst två decimaler, t.ex. 7 950,00"
        />
        <DateInput
          label="Förfallodatum *"
          value={values.due_date}
          onValueChange={(text) => onChange({ due_date: text })}
          error={errors.due_date}
          hint="Dagen fordran skulle ha betalats, ÅÅÅÅ-MM-DD"
        />
        <FormField
          label="Avtalstyp"
          value={values.contract_type}
          onChange={(event) => onChange({ contract_type: event.target.value })}
          list={contractListId}
          placeholder="T.ex. Faktura"
          autoComplete="off"
          maxLength={100}
        />
        <datalist id={contractListId}>
          {CONTRACT_TYPES.map((type) => (
            <option key={type} value={type} />
          ))}
        </datalist>
      </Grid>

      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        <LabelledControl label="Uppdragstyp">
          {(id) => (
            <Select.Root value={values.mandate_type} onValueChange={(value) => onChange({ mandate_type: value as MandateType })}>
              <Select.Trigger id={id} className="full-width" />
              <Select.Content position="popper">
                {MANDATE_TYPES.map((type) => (
                  <Select.Item key={type} value={type}>
                    {MANDATE_TYPE_LABELS[type]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
        </LabelledControl>
        {values.mandate_type === 'agent' ? (
          <LabelledControl label="Ombud (borgenär) *" error={errors.agent_creditor_id}>
            {(id) => (
              <CreditorPicker
                id={id}
                aria-label="Välj ombud"
                placeholder="Välj ombud"
                status="active"
                excludeId={creditorId}
                value={agentCreditor}
                invalid={Boolean(errors.agent_creditor_id)}
                onChange={onAgentCreditorChange}
              />
            )}
          </LabelledControl>
        ) : null}
      </Grid>

      <Text as="label" size="2">
        <Flex gap="2" align="start">
          <Checkbox mt="1" checked={values.reminder_fee_agreed} onCheckedChange={(checked) => onChange({ reminder_fee_agreed: checked === true })} />
          <Box>
            <Text weight="medium">Påminnelseavgift avtalad</Text>
            <Text as="p" size="1" color="gray">
              Påminnelseavgift får bara tas ut om den avtalades när skulden uppstod (lag 1981:739 2 §).
            </Text>
          </Box>
        </Flex>
      </Text>

      <LabelledControl label="Anteckningar">
        {(id) => (
          <TextArea
            id={id}
            rows={3}
            value={values.notes}
            maxLength={2000}
            placeholder="Intern anteckning om fordran"
            onChange={(event) => onChange({ notes: event.target.value })}
          />
        )}
      </LabelledControl>
    </Flex>
  );
}

/** A label above a control that is not a text field (select, picker, text area). */
function LabelledControl({ label, error, children }: { label: string; error?: string; children(id: string): ReactNode }) {
  const id = useId();
  return (
    <Box>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <Box mt="1">{children(id)}</Box>
      {error ? (
        <Text as="p" size="1" color="red" mt="1">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
