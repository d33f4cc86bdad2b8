// 'Lägg till avgift' (spec part 2 §7, §8): the catalogue fees not on the case yet, each with its
// amount. Texts: 'Avgift tillagd!'; 'Avgift redan tillagd' (NO_DOUBLE_FEES); 'Åtgärd blockerad'
// with the blocking rule's message; any other failure 'Fel vid tillägg'.
import { Box, Button, Dialog, Flex, RadioCards, Text, TextArea } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { useCaseMutations } from '../../api/cases';
import type { CaseDetail, FeeOption } from '../../api/case-types';
import { useToast, type ToastInput } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { formatAmount } from '../../lib/format';

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
          Avgifterna i organisationens avgiftskatalog som inte redan finns på ärendet.
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
  const reasonId = useId();
  const [options] = useState(currentOptions);
  const [code, setCode] = useState<string>('');
  const [showReason, setShowReason] = useState(false);
  const [reason, setReason] = useState('');
  const [isSaving, setIsSaving] = useState(false);

  const submit = async () => {
    if (!code) return;
    setIsSaving(true);
    try {
      const result = await addFee(caseId, { code, above_maximum_reason: reason.trim() || undefined });
      toast({ title: 'Avgift tillagd!', description: `${result.fee.name} · ${formatAmount(result.fee.amount)}`, variant: 'success' });
      for (const violation of result.violations) {
        toast({ title: violation.level === 'warning' ? 'Varning' : 'Information', description: violation.message });
      }
      onDone();
    } catch (addError) {
      toast(feeErrorToast(addError));
      setIsSaving(false);
    }
  };

  if (options.length === 0) {
    return (
      <>
        <Text as="p" size="2" color="gray">
          Alla aktiva avgifter i katalogen finns redan på ärendet.
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

  return (
    <>
      <RadioCards.Root value={code} onValueChange={setCode} columns="1" gap="2" aria-label="Avgift">
        {options.map((option) => (
          <RadioCards.Item key={option.code} value={option.code}>
            <Flex justify="between" align="center" width="100%" gap="3">
              <Box>
                <Text as="div" weight="medium">
                  {option.name}
                </Text>
                <Text as="div" size="1" color="gray">
                  {option.code}
                </Text>
              </Box>
              <Text weight="medium" className="tabular">
                {formatAmount(option.amount)}
              </Text>
            </Flex>
          </RadioCards.Item>
        ))}
      </RadioCards.Root>

      <Box mt="3">
        {showReason ? (
          <>
            <Text as="label" htmlFor={reasonId} size="2" weight="medium">
              Särskilda skäl
            </Text>
            <TextArea
              id={reasonId}
              mt="1"
              rows={2}
              maxLength={500}
              value={reason}
              placeholder="Varför avgiften får överstiga lagens högsta belopp (lag 1981:739 4 §)"
              onChange={(event) => setReason(event.target.value)}
            />
          </>
        ) : (
          <Button variant="ghost" size="1" onClick={() => setShowReason(true)}>
            Ange särskilda skäl för belopp över lagens högsta
          </Button>
        )}
      </Box>

      <Flex gap="3" justify="end" mt="5">
        <Dialog.Close>
          <Button type="button" variant="soft" color="gray">
            Avbryt
          </Button>
        </Dialog.Close>
        <Button disabled={!code} loading={isSaving} onClick={() => void submit()}>
          Lägg till avgift
        </Button>
      </Flex>
    </>
  );
}
