// 'Lägg till avgift' (spec part 2 §7, §8): the catalogue fees with their amounts; those the law or
// the organisation's rules do not allow on this case (or already on it) are greyed with the reason,
// so a refusal is seen before, not after, the click. A fee above the statutory maximum asks for
// the special reasons. Texts: 'Avgift tillagd!'; 'Avgift redan tillagd' (NO_DOUBLE_FEES, e.g. added
// in another tab meanwhile); 'Åtgärd blockerad' with the blocking rule's message; any other
// failure 'Fel vid tillägg'.
import { Box, Button, Dialog, Flex, RadioCards, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useCaseMutations } from '../../api/cases';
import { RULE_SEVERITY_LABELS, type CaseDetail, type FeeOption } from '../../api/case-types';
import { FormActions } from '../../components/form/form-actions';
import { TextAreaField } from '../../components/form/text-area-field';
import { useToast, type ToastInput } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { formatAmount } from '../../lib/format';
import { useForm } from '../../lib/use-form';

export interface AddFeeDialogProps {
  detail: CaseDetail;
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function AddFeeDialog({ detail, open, onOpenChange }: AddFeeDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>Lägg till avgift</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Avgifterna i organisationens avgiftskatalog. De som inte kan läggas till på ärendet visas med skälet.
        </Dialog.Description>
        {/* Mounted per opening: the choice list is the one shown when the dialog opened. */}
        {open ? <AddFeeForm caseId={detail.id} options={detail.fee_options} onDone={() => onOpenChange(false)} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** The toast for a refused fee, by the API's error code. */
export function feeErrorToast(error: unknown): ToastInput {
  const message = error instanceof Error ? error.message : undefined;
  if (error instanceof ApiError && error.code === 'NO_DOUBLE_FEES') {
    return { title: 'Avgift redan tillagd', description: message, variant: 'destructive' };
  }
  if (error instanceof ApiError && error.code === 'ACTION_BLOCKED') {
    return { title: 'Åtgärd blockerad', description: message || 'Kan inte lägga till avgift', variant: 'destructive' };
  }
  return { title: 'Fel vid tillägg', description: message, variant: 'destructive' };
}

function AddFeeForm({ caseId, options: currentOptions, onDone }: { caseId: string; options: FeeOption[]; onDone(): void }) {
  const { addFee } = useCaseMutations();
  const { toast } = useToast();
  const [options] = useState(currentOptions);
  const form = useForm(
    { code: '', reason: '' },
    {
      failure: feeErrorToast,
      async submit({ code, reason }) {
        const chosen = options.find((option) => option.code === code);
        const result = await addFee(caseId, { code, above_maximum_reason: chosen?.requires_reason ? reason.trim() : undefined });
        toast({ title: 'Avgift tillagd!', description: `${result.fee.name} · ${formatAmount(result.fee.amount)}`, variant: 'success' });
        for (const violation of result.violations) {
          toast({ title: RULE_SEVERITY_LABELS[violation.level], description: violation.message });
        }
        onDone();
      },
    },
  );
  const chosen = options.find((option) => option.code === form.values.code);
  const isReasonMissing = chosen?.requires_reason === true && form.values.reason.trim() === '';

  if (options.length === 0) return <NoFees />;
  return (
    <form onSubmit={form.onSubmit} noValidate>
      {options.some((option) => option.available) ? null : (
        <Text as="p" size="2" color="gray" mb="3">
          Ingen avgift kan läggas till på ärendet just nu.
        </Text>
      )}
      <RadioCards.Root value={form.values.code} onValueChange={(code) => form.set({ code })} columns="1" gap="2" aria-label="Avgift">
        {options.map((option) => (
          <FeeCard key={option.code} option={option} />
        ))}
      </RadioCards.Root>
      {chosen?.requires_reason ? (
        <Box mt="3">
          <TextAreaField
            label="Särskilda skäl *"
            rows={2}
            maxLength={500}
            placeholder="Varför avgiften får överstiga lagens högsta belopp (lag 1981:739 4 §)"
            hint="Beloppet är högre än lagens högsta och kräver särskilda skäl."
            {...form.input('reason')}
          />
        </Box>
      ) : null}
      <FormActions submitLabel="Lägg till avgift" isSubmitting={form.isSubmitting} disabled={!chosen || isReasonMissing} />
    </form>
  );
}

function FeeCard({ option }: { option: FeeOption }) {
  return (
    <RadioCards.Item value={option.code} disabled={!option.available}>
      <Flex justify="between" align="start" width="100%" gap="3">
        <Box>
          <Text as="div" weight="medium">
            {option.name}
          </Text>
          <Text as="div" size="1" color="gray">
            {option.code}
          </Text>
          {option.unavailable_reason ? (
            <Text as="div" size="1" color="gray" mt="1">
              Kan inte läggas till: {option.unavailable_reason}
            </Text>
          ) : null}
        </Box>
        <Text weight="medium" className="tabular">
          {formatAmount(option.amount)}
        </Text>
      </Flex>
    </RadioCards.Item>
  );
}

function NoFees() {
  return (
    <>
      <Text as="p" size="2" color="gray">
        Avgiftskatalogen har inga aktiva avgifter.
      </Text>
      <Flex justify="end" mt="5">
        <Dialog.Close>
          <Button variant="soft" color="gray">
            Stäng
          </Button>
        </Dialog.Close>
      </Flex>
    </>
  );
}
