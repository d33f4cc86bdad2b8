// 'Ångra' of a decision on a difference of a bank statement (issue 10): with a reason, the fee or
// adjustment is reversed by a new journal, a link to a payment removed; the statement is reconciled
// again at once.
import { Flex, Text } from '@radix-ui/themes';
import { useRef } from 'react';
import { useBankMutations, type StatementResolution } from '../../api/bank';
import { FormActions } from '../../components/form/form-actions';
import { FormDialog } from '../../components/form/form-dialog';
import { ReasonField } from '../../components/reason-field';
import { useToast } from '../../components/toast';
import { reasonError } from '../../lib/decision-reason';
import { formatCount } from '../../lib/format';
import { useForm } from '../../lib/use-form';
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
    <FormDialog
      open={resolution !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      maxWidth="520px"
      title="Ångra beslut"
      description={resolution ? `${resolution.kind_label} – ${differenceTitle(resolution.difference)}` : null}
    >
      {resolution ? <UndoForm key={resolution.id} statementId={statementId} resolution={resolution} onDone={onClose} /> : null}
    </FormDialog>
  );
}

function UndoForm({ statementId, resolution, onDone }: { statementId: string; resolution: StatementResolution; onDone(): void }) {
  const { undoResolution } = useBankMutations();
  const { toast } = useToast();
  const field = useRef<HTMLTextAreaElement>(null);
  const form = useForm(
    { reason: '' },
    {
      validate: ({ reason }) => ({ reason: reasonError(reason) ?? undefined }),
      onInvalid: () => field.current?.focus(),
      failure: 'Fel vid sparande',
      async submit({ reason }) {
        const detail = await undoResolution(statementId, resolution.id, reason.trim());
        const open = detail.differences.length;
        const description =
          detail.statement.reconciliation_status === 'reconciled'
            ? 'Bankutdraget är avstämt'
            : `${formatCount(open)} ${open === 1 ? 'avvikelse' : 'avvikelser'} att lösa`;
        toast({ title: 'Beslutet är ångrat', description, variant: 'success' });
        onDone();
      },
    },
  );

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Flex direction="column" gap="4">
        <Text size="2">{undoNote(resolution)}</Text>
        <ReasonField
          ref={field}
          placeholder="T.ex. Fel avvikelse, det var ingen bankavgift"
          note="Skälet sparas med beslutet och i händelseloggen."
          {...form.input('reason')}
        />
      </Flex>
      <FormActions submitLabel="Ångra beslutet" color="red" isSubmitting={form.isSubmitting} />
    </form>
  );
}
