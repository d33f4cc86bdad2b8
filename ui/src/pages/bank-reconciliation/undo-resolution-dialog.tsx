// 'Ångra' of a decision on a difference of a bank statement (issue 10): with a reason, the fee or
// adjustment is reversed by a new journal, a link to a payment removed; the statement is reconciled
// again at once.
import { Button, Dialog, Flex, Text } from '@radix-ui/themes';
import { useRef, useState } from 'react';
import { useBankMutations, type StatementResolution } from '../../api/bank';
import { ReasonField } from '../../components/reason-field';
import { keepDialogOpenForToasts, useToast } from '../../components/toast';
import { reasonError } from '../../lib/decision-reason';
import { formatCount } from '../../lib/format';
import { differenceTitle } from './resolution-texts';

export interface UndoResolutionDialogProps {
  statementId: string;
  /** The decision to undo; null keeps the dialog closed. */
  resolution: StatementResolution | null;
  onClose(): void;
}

/** What undoing does, by what the decision did. */
function undoNote(resolution: StatementResolution): string {
  switch (resolution.kind) {
    case 'bank_fee':
    case 'adjustment':
      return 'Bokföringen återförs med en ny verifikation; den ursprungliga finns kvar i huvudboken.';
    case 'match_payment':
      return 'Betalningen kopplas loss från raden; det som beslutades med kopplingen på samma rad ångras också.';
    default:
      return 'Avvikelsen blir öppen igen om den finns kvar.';
  }
}

export function UndoResolutionDialog({ statementId, resolution, onClose }: UndoResolutionDialogProps) {
  return (
    <Dialog.Root open={resolution !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="520px" onInteractOutside={keepDialogOpenForToasts}>
        <Dialog.Title>Ångra beslut</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {resolution ? `${resolution.kind_label} – ${differenceTitle(resolution.difference)}` : null}
        </Dialog.Description>
        {resolution ? <UndoForm key={resolution.id} statementId={statementId} resolution={resolution} onDone={onClose} /> : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function UndoForm({ statementId, resolution, onDone }: { statementId: string; resolution: StatementResolution; onDone(): void }) {
  const { undoResolution } = useBankMutations();
  const { toast } = useToast();
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const problem = reasonError(reason);
    if (problem) {
      setError(problem);
      field.current?.focus();
      return;
    }
    setSaving(true);
    try {
      const detail = await undoResolution(statementId, resolution.id, reason.trim());
      const open = detail.differences.length;
      toast({
        title: 'Beslutet är ångrat',
        description:
          detail.statement.reconciliation_status === 'reconciled'
            ? 'Bankutdraget är avstämt'
            : `${formatCount(open)} ${open === 1 ? 'avvikelse' : 'avvikelser'} att lösa`,
        variant: 'success',
      });
      onDone();
    } catch (saveError) {
      toast({ title: 'Fel vid sparande', description: (saveError as Error).message, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex direction="column" gap="4">
      <Text size="2">{undoNote(resolution)}</Text>
      <ReasonField
        ref={field}
        value={reason}
        error={error}
        placeholder="T.ex. Fel avvikelse, det var ingen bankavgift"
        note="Skälet sparas med beslutet och i händelseloggen."
        onChange={(value) => {
          setReason(value);
          setError(null);
        }}
      />
      <Flex gap="3" justify="end">
        <Dialog.Close>
          <Button type="button" variant="soft" color="gray" disabled={saving}>
            Avbryt
          </Button>
        </Dialog.Close>
        <Button type="button" color="red" loading={saving} onClick={() => void submit()}>
          Ångra beslutet
        </Button>
      </Flex>
    </Flex>
  );
}
